/**
 * CRC-32 of a concatenation from the CRC-32s of its parts (zlib's crc32_combine, which Node does not
 * expose): a cached page's fixed parts are checksummed once, and a gzip answer that splices a
 * per-request value between them needs only the value's own bytes run through the CRC.
 */

/** The reflected CRC-32 polynomial gzip uses. */
const POLY = 0xedb88320;

/** a(x) * b(x) modulo the CRC polynomial, in the reflected bit order CRC-32 uses. */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let multiplier = b;
  for (;;) {
    if ((a & m) !== 0) {
      p ^= multiplier;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    multiplier = multiplier & 1 ? (multiplier >>> 1) ^ POLY : multiplier >>> 1;
  }
  return p >>> 0;
}

/** x^(2^n) modulo the polynomial, for n = 0..31: squaring the previous entry each time. */
const powersOfTwo: number[] = [];
for (let n = 0, p = 0x40000000; n < 32; n += 1) {
  powersOfTwo.push(p);
  p = multiplyModP(p, p);
}

/** The operator that appends `length` bytes to a CRC: x^(8 * length) modulo the polynomial. */
export function crc32ShiftFor(length: number): number {
  let p = 0x80000000;
  // Bit 0 of the length stands for 8 bits, which is x^(2^3): hence k starts at 3.
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k += 1) {
    if (n % 2 === 1) p = multiplyModP(powersOfTwo[k & 31] as number, p);
  }
  return p;
}

/**
 * The CRC-32 of A followed by B, given crc32(A), crc32(B) and the operator crc32ShiftFor(B's length)
 * (computed once per fixed part, since its length never changes).
 */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}
