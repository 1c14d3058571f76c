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

/** 10485760 -> "10 MB", 1536 -> "1.5 kB": file sizes as a visitor reads them (1 MB = 1024 kB here). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let index = 0;
  while (value >= 1024 && index < units.length - 1) {
    value /= 1024;
    index += 1;
  }
  return formatters[index]?.format(value) ?? `${bytes} B`;
}
