const units = ['byte', 'kilobyte', 'megabyte'] as const;
// The short form of "byte" is "byte" whatever the count ("512 byte"): bytes are spelt out instead.
const formatters = units.map(
  (unit) =>
    new Intl.NumberFormat('en-US', {
      style: 'unit',
      unit,
      unitDisplay: unit === 'byte' ? 'long' : 'short',
      maximumFractionDigits: 1,
    }),
);

const staffSymbols = ['B', 'KB', 'MB'] as const;

/**
 * Who reads a size. Visitors get plain words ("900 bytes", "1.5 kB", "10 MB"); staff (the shop's mail,
 * the operators' command line) get one decimal always and short symbols ("900 B", "2.0 KB"), so the
 * sizes in a list of files line up.
 */
export type ByteNotation = 'visitor' | 'staff';

/**
 * A file size as text, in steps of 1024 up to megabytes (1 MB = 1024 kB here): 10485760 -> "10 MB",
 * 1536 -> "1.5 kB", or with the staff notation 2048 -> "2.0 KB". Every size the site shows or sends
 * is written here.
 */
export function formatBytes(bytes: number, notation: ByteNotation = 'visitor'): string {
  let value = bytes;
  let index = 0;
  while (value >= 1024 && index < units.length - 1) {
    value /= 1024;
    index += 1;
  }
  if (notation === 'staff') return index === 0 ? `${bytes} B` : `${value.toFixed(1)} ${staffSymbols[index]}`;
  return formatters[index]?.format(value) ?? `${bytes} B`;
}
