import { type Request, type RequestHandler, type Response, Router } from 'express';
import { type Csrf, csrfError } from '#server/http/csrf.ts';
import { parseMultipart } from './multipart.ts';
import type { UploadSlots } from './upload-slots.ts';

/** One multipart route: what its form may carry, and what is checked before a byte of its body is read. */
interface UploadRoute {
  /** How many files the form may carry; 0 for a multipart form of text fields only (the contact form). */
  files: number;
  /** The file input's name: the quote form's artwork unless said otherwise (the desk's proof). */
  field?: string;
  /** Run first, on the headers alone: rate limits, the private page's link, the desk's sign-in. */
  before: RequestHandler[];
}

/** The one way a route here reads a multipart body. */
export interface UploadGuard {
  /** Registers POST `path` on `router` as an upload route: `route.before`, the guarded chain, then `handler`. */
  post(router: Router, path: string, route: UploadRoute, handler: RequestHandler): void;
  /**
   * Whether this request goes to an upload route, which reads the CSRF token from the form's first
   * fields itself (a page posted without JavaScript sends no header): the app's CSRF gate lets a
   * multipart post without a header through to these routes and to no other.
   */
  readsTokenFromForm(req: Request, res: Response): Promise<boolean>;
}

/**
 * The guarded-upload chain every multipart route shares, so no route can store or even read a body it should
 * refuse:
 * 1. a token in the header is judged before a byte of the body is read (refused unread: 403, closed);
 * 2. the body is parsed; as its first file begins, the token (the header's, or the form's hidden field
 *    that comes before the file) must be valid, or, without a header, the browser must vouch that the
 *    site's own page sent it (csrf.ts), and only then is an upload slot taken (upload-slots.ts),
 *    so posts without a token or without a file never hold one; a body that stalls is cut (408);
 * 3. once the body is parsed, the token is checked again, for a form that carried no file.
 */
export function createUploadGuard(options: { csrf: Csrf; slots: UploadSlots; idleMs: number }): UploadGuard {
  const { csrf, slots, idleMs } = options;
  const declared = Router();
  const marked = new WeakSet<Request>();
  const mark: RequestHandler = (req, _res, next) => {
    marked.add(req);
    next();
  };
  const beforeFile = (req: Request, res: Response) => (csrf.admits(req) ? slots.take(req, res) : csrfError());

  return {
    post(router, path, route, handler) {
      declared.post(path, mark);
      router.post(
        path,
        ...route.before,
        csrf.protectBeforeBody,
        parseMultipart({ files: route.files, ...(route.field ? { field: route.field } : {}), beforeFile, idleMs }),
        csrf.protect,
        handler,
      );
    },
    readsTokenFromForm(req, res) {
      // The routes' own matching (Express's), on a router of markers: the same paths match alike.
      return new Promise((resolve, reject) => {
        declared(req, res, (error?: unknown) => {
          if (error) reject(error);
          else resolve(marked.has(req));
        });
      });
    },
  };
}
