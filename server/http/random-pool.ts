import { randomFillSync } from 'node:crypto';

/**
 * Random bytes from the CSPRNG, drawn a few kilobytes at a time: each synchronous `randomBytes` call
 * costs a trip into OpenSSL, and a form page asks twice per request (session id and token), which
 * showed as half the cost of issuing a token under load. Node does the same for `randomUUID`. Each
 * refill fills a new buffer, so bytes handed out are never overwritten nor handed out twice.
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

/** `size` fresh random bytes (at most the pool's size). */
export function randomBytesFromPool(size: number): Buffer {
  if (size > POOL_BYTES) throw new RangeError(`At most ${POOL_BYTES} bytes at a time, not ${size}`);
  if (offset + size > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(POOL_BYTES));
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + size);
  offset += size;
  return bytes;
}
