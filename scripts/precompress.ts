/**
 * Writes brotli (quality 11) and gzip (level 9) copies beside every compressible file of the client
 * build, once, so the server sends the smallest encoding without compressing on each request.
 * Brotli at this quality is too slow to run per request; the compression middleware's default (4) is
 * larger than gzip for our entry chunk.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const root = 'dist/client';
const compressible = /\.(js|css|svg|json|webmanifest|txt|xml|html)$/;
// Below this a compressed copy saves less than its own headers cost.
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const files = (await readdir(root, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile() && compressible.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name));

let written = 0;
await Promise.all(
  files.map(async (file) => {
    const body = await readFile(file);
    if (body.length < MIN_BYTES) return;
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipAsync(body, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    written += 1;
  }),
);
console.log(`precompress: ${written} files, brotli and gzip copies written`);
