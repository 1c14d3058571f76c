/**
 * CSV for spreadsheets and accounting imports (RFC 4180: commas, CRLF, quotes doubled). A text cell
 * that a spreadsheet would read as a formula (it starts with = + - @, or a tab or carriage return that
 * some programs skip before looking) gets a leading apostrophe: a customer's name or a line's label
 * can never run as a formula on the bookkeeper's machine. Amounts are written by us as plain decimals
 * and stay numbers, a refund's minus sign included.
 */
export type CsvCell = string | { amountCents: number } | { number: number };

const formulaStart = /^[=+\-@\t\r]/;

function neutralise(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

/** Whole cents as a decimal with two places: -2000 is "-20.00". */
function decimalOf(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

function cellText(cell: CsvCell): string {
  if (typeof cell === 'string') return neutralise(cell);
  if ('amountCents' in cell) return decimalOf(cell.amountCents);
  return String(cell.number);
}

function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvOf(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [
    header.map(quoted).join(','),
    ...rows.map((row) => row.map((cell) => quoted(cellText(cell))).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** Reads back what csvOf wrote (the tests compare totals through it). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let inQuotes = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inQuotes) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') inQuotes = false;
      else cell += char;
    } else if (char === '"') inQuotes = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
