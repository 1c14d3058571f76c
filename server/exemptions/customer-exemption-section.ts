import type { ErrorRequestHandler, Request, RequestHandler, Response, Router } from 'express';
import createHttpError, { isHttpError } from 'http-errors';
import { readArtwork } from '#server/uploads/read-artwork.ts';
import type { UploadAdmission } from '#server/uploads/upload-admission.ts';
import type { UploadGuard } from '#server/uploads/upload-guard.ts';
import type { CertificateDraft, CustomerPageExemption } from '#shared/books/tax-exemption.ts';
import { artworkListError } from '#shared/submissions/artwork.ts';
import { isCertificateDocument, sendCertificate } from './certificate-file.ts';
import { CERTIFICATE_FIELD, draftOf, readCertificateForm } from './certificate-form.ts';
import type { ExemptionStore } from './exemption-store.ts';
import { customerExemptionView } from './exemption-views.ts';

type Notice = { type: 'success' | 'error'; text: string };

const exemptionNotices: Readonly<Record<string, Notice>> = {
  'certificate-sent': {
    type: 'success',
    text: 'Thank you: we have your certificate. We check it before your next quote, and tell you here.',
  },
};

export interface CustomerExemptionOptions {
  exemptions: Pick<ExemptionStore, 'certificatesSentWith' | 'addCertificate' | 'certificateFile'>;
  uploadGuard: UploadGuard;
  uploads: UploadAdmission;
  /** The shop's today (YYYY-MM-DD, its time zone): the earliest expiry taken, and each certificate's standing. */
  today: () => string;
}

/** What the customer page's routes lend: its link check, its post limit, the request in the address, the page. */
interface PageHooks {
  opened: RequestHandler;
  postLimit: RequestHandler;
  pageOf: (req: Request) => { reference: string; path: string };
  sendPage: (
    req: Request,
    res: Response,
    extra: { status?: number; notice?: Notice; exemptionDraft?: CertificateDraft },
  ) => Promise<void>;
}

/** The certificate's one file: there, a PDF, PNG or JPEG, not too large, and whole. */
async function fileProblem(uploads: Express.Multer.File[]) {
  const upload = uploads[0];
  if (!upload || upload.size === 0)
    return { problem: 'Choose the certificate’s file: a PDF, or a photo as PNG or JPEG.' };
  const listError = artworkListError(uploads.map((file) => ({ name: file.originalname, size: file.size })));
  if (listError) return { problem: listError };
  if (!(await isCertificateDocument(upload.buffer)))
    return { problem: 'The certificate’s file must be a PDF, or a photo as PNG or JPEG.' };
  const read = await readArtwork([upload]);
  const file = read.files[0];
  return file && !read.error ? { file } : { problem: read.error ?? 'The file could not be read.' };
}

function receive(options: CustomerExemptionOptions, page: PageHooks): RequestHandler {
  return async (req, res, next) => {
    const { reference, path } = page.pageOf(req);
    const draft = draftOf(req.body);
    const refuse = (problem: string) => {
      req.log.info({ reference, reason: 'certificate_refused' }, 'exemption certificate refused');
      return page.sendPage(req, res, {
        status: 422,
        notice: { type: 'error', text: `Your certificate was not sent: ${problem}` },
        exemptionDraft: draft,
      });
    };
    const form = readCertificateForm(draft, options.today());
    if (!form.ok) return refuse(form.problem);
    const checked = await fileProblem((req.files as Express.Multer.File[] | undefined) ?? []);
    if (!checked.file) return refuse(checked.problem ?? 'The file could not be read.');
    const admission = await options.uploads(req, res, [checked.file]);
    if (!admission.ok) return next(admission.refusal);
    const saving = options.exemptions.addCertificate(reference, { ...form.fields, file: checked.file });
    const id = await admission.settle(saving.then((saved) => ({ saved, repeated: saved === undefined })));
    if (id.saved === undefined) throw createHttpError(404, 'There is no page at this address.');
    req.log.info({ reference, certificate: id.saved, reason: 'certificate_sent' }, 'exemption certificate stored');
    res.redirect(303, `${path}?done=certificate-sent#tax-exemption`);
  };
}

/**
 * A file past the parser's limit (413, its reading stopped there) is answered as every other refusal of
 * the form: the page again, 422, with the reason and what was typed before the file.
 */
function tooLargeAsRefusal(page: PageHooks): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (req.method !== 'POST' || !isHttpError(error) || error.status !== 413 || res.headersSent) return next(error);
    req.log.info({ reason: 'certificate_too_large' }, 'exemption certificate refused: too large');
    page
      .sendPage(req, res, {
        status: 422,
        notice: { type: 'error', text: `Your certificate was not sent: ${error.message}` },
        exemptionDraft: draftOf(req.body),
      })
      .catch(next);
  };
}

/**
 * The tax-exemption part of the customer's private page: their certificates on file and where each
 * stands, the form that sends one (a plain multipart post, its file through the upload checks every
 * form uses), and their own file back.
 */
export function customerExemptionSection(options: CustomerExemptionOptions) {
  return {
    notices: exemptionNotices,
    async section(
      request: { kind: string; reference: string },
      path: string,
      draft?: CertificateDraft,
    ): Promise<CustomerPageExemption | undefined> {
      if (request.kind !== 'quote') return undefined;
      // Only what came with this request: an e-mail typed on a form is no proof of who typed it, so another
      // request under the same address sees none of its certificates.
      const certificates = await options.exemptions.certificatesSentWith(request.reference);
      return { ...customerExemptionView(certificates, { path, today: options.today() }), ...(draft ? { draft } : {}) };
    },
    mount(router: Router, page: PageHooks, base: string) {
      options.uploadGuard.post(
        router,
        `${base}/tax-exemption`,
        { files: 1, field: CERTIFICATE_FIELD, before: [page.postLimit, page.opened] },
        receive(options, page),
      );
      router.use(`${base}/tax-exemption`, tooLargeAsRefusal(page));
      router.get(`${base}/tax-exemption/:id`, page.opened, async (req, res) => {
        const id = /^\d{1,9}$/.test(String(req.params.id)) ? Number(req.params.id) : 0;
        sendCertificate(
          res,
          await options.exemptions.certificateFile(page.pageOf(req).reference, id, { sentWith: true }),
        );
      });
    },
  };
}
