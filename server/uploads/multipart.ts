import type { Request, RequestHandler, Response } from 'express';
import createHttpError, { isHttpError } from 'http-errors';
import multer, { MulterError } from 'multer';
import { MAX_DESIGN_JSON_BYTES } from '#shared/studio/design-schema.ts';
import {
  ARTWORK_FIELD,
  ARTWORK_MAX_FILE_BYTES,
  ARTWORK_MAX_FILES,
  ARTWORK_MAX_TOTAL_BYTES,
} from '#shared/submissions/artwork.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';

/** Room for the text fields and the multipart framing on top of the files themselves. */
const TEXT_ALLOWANCE_BYTES = 512 * 1024;
/**
 * The longest single text field: the studio's design (its JSON) on the quote form. Every other field is
 * far shorter and its own schema refuses it past its length.
 */
const MAX_FIELD_BYTES = MAX_DESIGN_JSON_BYTES;

const messages: Partial<Record<MulterError['code'], string>> = {
  LIMIT_FILE_SIZE: `A file is larger than ${formatBytes(ARTWORK_MAX_FILE_BYTES)}, the most one file may be.`,
  LIMIT_FILE_COUNT: `Attach at most ${ARTWORK_MAX_FILES} files.`,
  LIMIT_FIELD_VALUE: 'A field is far longer than the form allows.',
  LIMIT_FIELD_COUNT: 'The form has more fields than it should.',
  LIMIT_PART_COUNT: 'The form has more parts than it should.',
  LIMIT_FIELD_KEY: 'A field name is too long.',
};

function toHttpError(error: unknown, field: string) {
  if (isHttpError(error)) return error;
  if (error instanceof MulterError) {
    const tooLarge = messages[error.code];
    if (tooLarge) return createHttpError(413, tooLarge);
    if (error.code === 'LIMIT_UNEXPECTED_FILE') {
      return createHttpError(
        400,
        field === ARTWORK_FIELD
          ? `Files go in the "${ARTWORK_FIELD}" field of the quote form; this form takes none.`
          : `The file goes in the "${field}" field, one file at a time.`,
      );
    }
  }
  // Busboy's own errors: a truncated body, a missing boundary, malformed headers.
  return createHttpError(400, 'The form data was incomplete or malformed. Send the form again.');
}

/** Each request being parsed: its response, and how the file filter answers it before multer has finished. */
const inFlight = new WeakMap<Request, { res: Response; answer: (error: Error) => void }>();

/** What one multipart route reads. */
export interface MultipartOptions {
  /** How many files the form may carry; 0 for a form with text fields only. */
  files: number;
  /** The file input's name: the quote form's artwork unless said otherwise (the desk's proof). */
  field?: string;
  /**
   * Asked as each file begins, with the fields that came before it in req.body (a form's hidden fields
   * come first): an error it returns stops the parse there, and the connection is closed after the
   * answer, so a refused upload is never read into memory.
   */
  beforeFile?: (req: Request, res: Response) => Error | undefined;
  /** A body that sends nothing for this long is cut (408) and its connection closed. */
  idleMs: number;
}

/**
 * Parses a multipart form into req.body (text fields) and req.files, in memory: the limits bound what a
 * request can hold (5 files of 10 MB), and the files go to the database in the same transaction as the
 * submission, so nothing half-written is ever left on disk.
 */
export function parseMultipart({
  files,
  field = ARTWORK_FIELD,
  beforeFile = () => undefined,
  idleMs,
}: MultipartOptions): RequestHandler {
  // The quote form's artwork is judged by the shared rule (count, each file's size, the total) once the
  // whole form is read, so a refusal says what the browser's check says, beside the field, with the
  // form's values kept. The parser still stops a body past twice the files or a file past the total,
  // and the declared length (checked below) bounds what a request can hold, as before.
  const judged = field === ARTWORK_FIELD && files > 0;
  const fileLimit = judged ? files * 2 : files;
  const upload = multer({
    storage: multer.memoryStorage(),
    fileFilter: (req, _file, accept) => {
      const flight = inFlight.get(req);
      const refusal = flight && beforeFile(req, flight.res);
      if (!refusal) return accept(null, true);
      // Answered now: multer itself would first drain the rest of the body, megabytes read for nothing.
      flight.answer(refusal);
      accept(refusal);
    },
    // Browsers send file names as raw UTF-8; Latin-1, busboy's default, would garble every accent.
    defParamCharset: 'utf8',
    limits: {
      fileSize: judged ? ARTWORK_MAX_TOTAL_BYTES : ARTWORK_MAX_FILE_BYTES,
      // upload.none() refuses any file as unexpected (400); a limit of 0 would call it "too many" (413).
      files: Math.max(fileLimit, 1),
      fields: 100,
      fieldSize: MAX_FIELD_BYTES,
      parts: 100 + fileLimit,
      headerPairs: 200,
    },
  });
  const parse = files > 0 ? upload.array(field, fileLimit) : upload.none();
  const idleSeconds = Math.round(idleMs / 100) / 10;
  return (req, res, next) => {
    // Browsers and curl always declare a form's length, and Node holds a body to what it declares, so
    // the size check below bounds every upload. A chunked body of unknown length could otherwise make
    // the server buffer 5 files of 10 MB before any limit on the total applied.
    if (req.headers['content-length'] === undefined) {
      res.set('Connection', 'close');
      return next(createHttpError(411, 'Send the form with its length (a Content-Length header), as browsers do.'));
    }
    // Refused before a byte is read when the declared size already says no.
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > ARTWORK_MAX_TOTAL_BYTES + TEXT_ALLOWANCE_BYTES) {
      res.set('Connection', 'close');
      return next(
        createHttpError(
          413,
          `The files come to more than ${formatBytes(ARTWORK_MAX_TOTAL_BYTES)} in all, the most one request may carry.`,
        ),
      );
    }
    // Other bodies were parsed by the app's body parsers already: multer lets them through.
    if (!req.is('multipart/form-data')) return parse(req, res, next);
    let answered = false;
    const answer = (error: Error) => {
      answered = true;
      stopWatching();
      // The rest of the body is not read: the connection closes once the answer is out.
      res.set('Connection', 'close');
      next(error);
    };
    // A client that stops sending would otherwise hold its connection, and an upload slot with the
    // files read so far, until the request timeout (60 s): cut once nothing has come for idleMs.
    const idle = setTimeout(() => {
      if (answered) return;
      req.log.warn({ reason: 'upload_idle', idleMs }, 'upload cut: nothing arrived for a while');
      answer(
        createHttpError(
          408,
          `Nothing more of the form arrived for ${idleSeconds} seconds, so it was not kept. Check the connection and send it again.`,
        ),
      );
    }, idleMs);
    const progress = () => idle.refresh();
    function stopWatching() {
      clearTimeout(idle);
      req.off('data', progress);
    }
    inFlight.set(req, { res, answer });
    let parsed = false;
    parse(req, res, (error?: unknown) => {
      parsed = true;
      stopWatching();
      if (answered) return;
      if (error) next(toHttpError(error, field));
      else next();
    });
    // Multer has piped the body into its parser by now (a listener added earlier would start the flow
    // before it): every chunk that arrives puts the cut off again.
    if (!parsed && !answered) req.on('data', progress);
  };
}
