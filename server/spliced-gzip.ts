import { crc32, deflateRawSync, constants as zlibConstants } from 'node:zlib';
import { crc32Combine, crc32ShiftFor } from './crc32-combine.ts';

/**
 * gzip for a page that is the same for everyone but for a few short values (the CSRF token and the
 * submission key of a form page): the fixed parts are deflated once, each ending on a byte boundary
 * (a sync flush), and each response puts its own values between them as stored (uncompressed) deflate
 * blocks, with the checksum the gzip trailer needs combined from the parts'. The result is one valid
 * gzip stream whose size is within a few bytes of compressing the whole page per request, for the cost
 * of copying it. Compressing the fixed parts separately loses only the matches that would have crossed
 * a value: a few bytes on a page of kilobytes.
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

/** Deflates the fixed parts once, at `level`; encode() then costs a copy and a CRC of the values. */
export function createSplicedGzip(parts: readonly Buffer[], level = 9): SplicedGzip {
  const fixed: DeflatedPart[] = parts.map((part) => ({
    deflated:
      part.length === 0 ? Buffer.alloc(0) : deflateRawSync(part, { level, finishFlush: zlibConstants.Z_SYNC_FLUSH }),
    crc: crc32(part),
    shift: crc32ShiftFor(part.length),
    length: part.length,
  }));
  return {
    encode(values) {
      if (values.length !== fixed.length - 1) {
        throw new Error(
          `A page with ${fixed.length} fixed parts takes ${fixed.length - 1} values, not ${values.length}`,
        );
      }
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
