import { crc32, deflateRawSync, constants as zlibConstants } from 'node:zlib';
import { crc32Combine, crc32ShiftFor } from './crc32-combine.ts';
import { createLayoutCache, valueLengths } from './spliced-layouts.ts';

/**
 * gzip for a page that is the same for everyone but for a few short values (the submission key of a
 * form page): the fixed parts are deflated once, each ending on a byte boundary
 * (a sync flush), and each response puts its own values between them as stored (uncompressed) deflate
 * blocks, with the checksum the gzip trailer needs combined from the parts'. The result is one valid
 * gzip stream, for the cost of copying the page.
 *
 * Each fixed part is deflated with everything before it as its dictionary, so it still refers back to
 * the page above the values (the embedded site data repeats much of it: without the dictionary the
 * contact page came out 15 % larger than gzip of the whole). For the distances to hold, the dictionary
 * stands a value in by NUL bytes of the value's length: a page holds no NUL byte, so no match can start
 * or end inside one, and a distance past it lands where it would in the real page. That needs the
 * values' lengths in advance, so the parts are deflated per set of lengths, once (a UUID has one
 * length).
 */

/** A fixed part of the page: its deflate blocks (not final, byte-aligned), and what its CRC needs. */
interface DeflatedPart {
  deflated: Buffer;
  crc: number;
  shift: number;
  length: number;
}

/** Part i of `parts` is fixed text, and a value goes between each two (the same order as the page's slots). */
export interface SplicedGzip {
  /** The whole gzip stream for these values (one per gap between fixed parts, in order). */
  encode(values: readonly Buffer[]): Buffer[];
}

/** Deflate's window: a dictionary longer than this is cut to its end by zlib anyway. */
const WINDOW_BYTES = 32 * 1024;

/** magic, deflate, no flags, no time, no extra flags, OS unknown (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block with fixed codes: ends the deflate stream after the last sync flush. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
/** A stored block holds at most this many bytes. */
const STORED_BLOCK_MAX = 0xffff;

/** `value` as stored deflate blocks, not final: they start and end on a byte boundary. */
function storedBlocks(value: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < value.length; offset += STORED_BLOCK_MAX) {
    const chunk = value.subarray(offset, offset + STORED_BLOCK_MAX);
    const header = Buffer.alloc(5);
    // BFINAL 0, BTYPE 00 (stored), then padding to the byte boundary: one zero byte.
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/** The fixed parts deflated for values of these lengths, each with the page before it as its dictionary. */
function deflateParts(parts: readonly Buffer[], lengths: readonly number[], level: number, useDictionary: boolean) {
  let before: Buffer[] = [];
  return parts.map((part, index): DeflatedPart => {
    const dictionary = Buffer.concat(before).subarray(-WINDOW_BYTES);
    const deflated =
      part.length === 0
        ? Buffer.alloc(0)
        : deflateRawSync(part, {
            level,
            finishFlush: zlibConstants.Z_SYNC_FLUSH,
            ...(useDictionary && dictionary.length > 0 ? { dictionary } : {}),
          });
    before = [...before, part, Buffer.alloc(lengths[index] ?? 0)];
    return { deflated, crc: crc32(part), shift: crc32ShiftFor(part.length), length: part.length };
  });
}

/** Deflates the fixed parts once per set of value lengths; encode() then costs a copy and a CRC of the values. */
export function createSplicedGzip(parts: readonly Buffer[], level = 9): SplicedGzip {
  // A NUL in the page could match the dictionary's stand-ins: such a page gets no dictionary.
  const useDictionary = !parts.some((part) => part.includes(0));
  const layouts = createLayoutCache<DeflatedPart[]>();
  function partsFor(lengths: readonly number[]): DeflatedPart[] {
    let fixed = layouts.get(lengths);
    if (!fixed) {
      fixed = deflateParts(parts, lengths, level, useDictionary);
      layouts.set(lengths, fixed);
    }
    return fixed;
  }
  return {
    encode(values) {
      const fixed = partsFor(valueLengths(parts, values));
      const chunks: Buffer[] = [GZIP_HEADER];
      let crc = 0;
      let size = 0;
      fixed.forEach((part, index) => {
        chunks.push(part.deflated);
        crc = crc32Combine(crc, part.crc, part.shift);
        size += part.length;
        const value = values[index];
        if (value === undefined || value.length === 0) return;
        chunks.push(...storedBlocks(value));
        crc = crc32(value, crc);
        size += value.length;
      });
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      // ISIZE is the length modulo 2^32 (RFC 1952).
      trailer.writeUInt32LE(size % 0x1_0000_0000, 4);
      chunks.push(FINAL_EMPTY_BLOCK, trailer);
      return chunks;
    },
  };
}
