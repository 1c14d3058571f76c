import { randomBytes } from 'node:crypto';
import { type BrotliCompress, brotliDecompressSync, createBrotliCompress, constants as zlibConstants } from 'node:zlib';
import { createLayoutCache, valueLengths } from './spliced-layouts.ts';

/**
 * Brotli for a form page, the counterpart of spliced-gzip.ts: the page is compressed once, in the
 * background, and each response only copies its own values (the submission key) into it.
 *
 * The page goes through one brotli encoder with a flush around each value, so each value lands in a
 * meta-block of its own. In its place the encoder is given random bytes of the value's length (which do
 * not compress, so it stores them as an uncompressed meta-block, the value's bytes as they are) followed
 * by the next two bytes of the page. Swapping the random bytes for a response's value then leaves a valid
 * stream: an uncompressed meta-block touches neither the encoder's nor the decoder's distance cache, the
 * two bytes after it are the same in both (brotli picks a literal's code by the two bytes before it), and
 * the text around never refers back into random bytes. That last point is checked rather than assumed:
 * each layout is decoded with two sets of values before it is used, and one that does not come out
 * exactly right is never used (the page is then sent with gzip).
 */

/** Part i of the page is fixed text; a value goes between each two, in the order of the page's slots. */
export interface SplicedBrotli {
  /**
   * The whole brotli stream for these values, or null when none is ready for their lengths yet: the
   * first call for a set of lengths starts making it in the background (send gzip meanwhile).
   */
  encode(values: readonly Buffer[]): Buffer[] | null;
  /** Whether a stream is ready for some set of lengths (values of a steady length need one). */
  ready(): boolean;
  /** Resolves once the layout for values of these lengths is made (or found unusable). For tests and warm-up. */
  prepare(lengths: readonly number[]): Promise<void>;
}

/** The page's stream cut where the values go: value i goes between pieces i and i + 1. */
interface Layout {
  pieces: Buffer[];
}

/** The bytes after a value that go into its meta-block, so the literal after it has the same context. */
const CONTEXT_BYTES = 2;

/** Feeds `segments` through one encoder, flushing after each but the last; resolves to each one's output. */
function compressSegments(segments: readonly Buffer[], quality: number, sizeHint: number): Promise<Buffer[]> {
  const encoder: BrotliCompress = createBrotliCompress({
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: sizeHint,
    },
  });
  let pending: Buffer[] = [];
  encoder.on('data', (chunk: Buffer) => pending.push(chunk));
  const take = () => {
    const out = Buffer.concat(pending);
    pending = [];
    return out;
  };
  return new Promise((resolve, reject) => {
    encoder.once('error', reject);
    const outputs: Buffer[] = [];
    const next = (index: number) => {
      const segment = segments[index] as Buffer;
      if (index === segments.length - 1) {
        encoder.once('end', () => resolve([...outputs, take()]));
        encoder.end(segment);
        return;
      }
      encoder.write(segment);
      encoder.flush(zlibConstants.BROTLI_OPERATION_FLUSH, () => {
        outputs.push(take());
        next(index + 1);
      });
    };
    next(0);
  });
}

/** Puts the values between the layout's pieces. */
function splice(layout: Layout, values: readonly Buffer[]): Buffer[] {
  const chunks: Buffer[] = [];
  layout.pieces.forEach((piece, index) => {
    chunks.push(piece);
    const value = values[index];
    if (index < layout.pieces.length - 1 && value !== undefined) chunks.push(value);
  });
  return chunks;
}

/** The page with these values in place, as plain text: what a layout must decode to. */
function plain(parts: readonly Buffer[], values: readonly Buffer[]): Buffer {
  return Buffer.concat(
    parts.flatMap((part, index) => (index < values.length ? [part, values[index] as Buffer] : [part])),
  );
}

/** Compresses the page for values of these lengths; null when the page cannot be spliced this way. */
async function makeLayout(
  parts: readonly Buffer[],
  lengths: readonly number[],
  quality: number,
): Promise<Layout | null> {
  const segments: Buffer[] = [];
  /** For each value: the random stand-in, and the index of the segment that holds it. */
  const standIns: { bytes: Buffer; segment: number }[] = [];
  let rest = parts[0] as Buffer;
  for (const [index, length] of lengths.entries()) {
    const after = parts[index + 1] as Buffer;
    // Two values too close together (or one at the very end) leave no context bytes between them.
    if (after.length < CONTEXT_BYTES) return null;
    segments.push(rest);
    const bytes = randomBytes(length);
    standIns.push({ bytes, segment: segments.length });
    segments.push(Buffer.concat([bytes, after.subarray(0, CONTEXT_BYTES)]));
    rest = after.subarray(CONTEXT_BYTES);
  }
  segments.push(rest);
  const total = segments.reduce((sum, segment) => sum + segment.length, 0);
  const outputs = await compressSegments(segments, quality, total);

  // Each stand-in's segment must have come out stored: a header, the stand-in and the two bytes as they are.
  const pieces: Buffer[] = [];
  let current: Buffer[] = [];
  let next = 0;
  for (const [index, output] of outputs.entries()) {
    const standIn = standIns[next];
    if (standIn?.segment !== index) {
      current.push(output);
      continue;
    }
    const stored = Buffer.concat([standIn.bytes, (segments[index] as Buffer).subarray(standIn.bytes.length)]);
    const at = output.indexOf(stored);
    if (at < 0 || output.indexOf(stored, at + 1) >= 0) return null;
    current.push(output.subarray(0, at));
    pieces.push(Buffer.concat(current));
    current = [output.subarray(at + standIn.bytes.length)];
    next += 1;
  }
  pieces.push(Buffer.concat(current));
  const layout = { pieces };

  // Decoded with two other sets of values, it must give the page with exactly those values.
  for (let trial = 0; trial < 2; trial++) {
    const values = lengths.map((length) => randomBytes(length));
    let decoded: Buffer;
    try {
      decoded = brotliDecompressSync(Buffer.concat(splice(layout, values)));
    } catch {
      return null;
    }
    if (!decoded.equals(plain(parts, values))) return null;
  }
  return layout;
}

/** Makes the page's stream once per set of value lengths, in the background; encode() then costs a copy. */
export function createSplicedBrotli(
  parts: readonly Buffer[],
  { quality = 11, onError = () => undefined }: { quality?: number; onError?: (error: Error) => void } = {},
): SplicedBrotli {
  /** null: the page cannot be spliced for those lengths (gzip is sent); a promise: still being made. */
  const layouts = createLayoutCache<Layout | null | Promise<void>>();
  let anyReady = false;

  function start(lengths: readonly number[]): Promise<void> {
    const known = layouts.get(lengths);
    if (known instanceof Promise) return known;
    if (known !== undefined) return Promise.resolve();
    const making = makeLayout(parts, lengths, quality).then(
      (layout) => {
        layouts.set(lengths, layout);
        if (layout) anyReady = true;
      },
      (error: Error) => {
        layouts.set(lengths, null);
        onError(error);
      },
    );
    layouts.set(lengths, making);
    return making;
  }

  return {
    encode(values) {
      const lengths = valueLengths(parts, values);
      const layout = layouts.get(lengths);
      if (layout === undefined) void start(lengths);
      if (!layout || layout instanceof Promise) return null;
      return splice(layout, values);
    },
    ready: () => anyReady,
    prepare: start,
  };
}
