import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { SupplierId } from '#shared/blanks/blanks-data.ts';
import { layoutColumns, type SupplierLayout, supplierLayouts } from './supplier-layouts.ts';

/** The largest product file taken: a supplier's whole list is about 20 MB; a 40 MB file is not a product file. */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;
/** A refusal lists this many problems at most: the first ones say what is wrong with the file. */
const MAX_PROBLEMS = 20;
const MAX_CENTS = 100_000;
const MAX_STOCK = 10_000_000;

/** One SKU of a supplier's file, as stored: the shop's price in cents and the stock per warehouse. */
export interface BlankRow {
  sku: string;
  style: string;
  colour: string;
  size: string;
  cents: number;
  stock: Record<string, number>;
}

/** A file the import refuses, with every problem found (each naming its line), up to a limit. */
export class ImportRefusal extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'ImportRefusal';
    this.problems = problems;
  }
}

/** Which other supplier's layout a header matches, to say so when the file was given for the wrong one. */
function layoutMatching(header: readonly string[]): SupplierId | undefined {
  return (Object.keys(supplierLayouts) as SupplierId[]).find((id) =>
    layoutColumns(supplierLayouts[id]).every((column) => header.includes(column)),
  );
}

/** Dollars as the files write them ("3.52", "$3.52") to cents; undefined when it is not a price. */
function centsOf(text: string): number | undefined {
  const match = /^\$?(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

type Checked = { line: number; row: BlankRow } | { line: number; problem: string };

function checkRecord(
  record: readonly string[],
  line: number,
  at: Record<string, number>,
  layout: SupplierLayout,
): Checked {
  const cell = (column: string) => (record[at[column] ?? -1] ?? '').trim();
  const sku = cell(layout.sku);
  const missing = [layout.sku, layout.style, layout.colour, layout.size].filter((column) => cell(column) === '');
  if (missing.length > 0) return { line, problem: `Line ${line}: ${missing.join(', ')} is empty.` };
  const priceText = cell(layout.price);
  const cents = centsOf(priceText);
  if (cents === undefined)
    return { line, problem: `Line ${line} (SKU ${sku}): ${layout.price} “${priceText}” is not a price in dollars.` };
  if (cents === 0) return { line, problem: `Line ${line} (SKU ${sku}): ${layout.price} is zero; a blank has a price.` };
  if (cents > MAX_CENTS)
    return { line, problem: `Line ${line} (SKU ${sku}): ${layout.price} ${priceText} is more than any blank costs.` };
  const stock: Record<string, number> = {};
  for (const warehouse of layout.warehouses) {
    const text = cell(warehouse);
    if (text === '') {
      stock[warehouse] = 0;
      continue;
    }
    if (/^-\d+$/.test(text))
      return { line, problem: `Line ${line} (SKU ${sku}): the stock in ${warehouse} is negative (${text}).` };
    if (!/^\d{1,8}$/.test(text) || Number(text) > MAX_STOCK)
      return { line, problem: `Line ${line} (SKU ${sku}): the stock in ${warehouse} “${text}” is not a whole number.` };
    stock[warehouse] = Number(text);
  }
  return {
    line,
    row: {
      sku,
      style: cell(layout.style),
      colour: cell(layout.colour),
      size: cell(layout.size).toUpperCase(),
      cents,
      stock,
    },
  };
}

/**
 * A supplier's product file read as a stream, record by record (never whole): its header checked
 * against the supplier's layout, then each row checked on its own. Yields each row or the problem with
 * its line; the header's problem ends the reading.
 */
async function* checkedRows(input: Readable, supplier: SupplierId): AsyncGenerator<Checked> {
  const layout = supplierLayouts[supplier];
  const parser = input.pipe(parse({ bom: true, info: true, skip_empty_lines: true, relax_column_count: true }));
  let at: Record<string, number> | undefined;
  let columns = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!at) {
        const header = record.map((name) => name.trim());
        const missing = layoutColumns(layout).filter((column) => !header.includes(column));
        if (missing.length > 0) {
          const other = layoutMatching(header);
          yield {
            line: info.lines,
            problem:
              `Line ${info.lines}: this is not the ${layout.file} layout; the columns ${missing.join(', ')} are missing.` +
              (other ? ` It looks like ${supplierLayouts[other].file}: import it for that supplier.` : ''),
          };
          input.destroy();
          return;
        }
        at = Object.fromEntries(header.map((name, index) => [name, index]));
        columns = header.length;
        continue;
      }
      if (record.length !== columns) {
        yield {
          line: info.lines,
          problem: `Line ${info.lines}: ${record.length} columns where the header has ${columns}.`,
        };
        continue;
      }
      yield checkRecord(record, info.lines, at, layout);
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines ?? 0;
    yield { line, problem: `Line ${line}: the file is not valid CSV (${error.message}).` };
  }
  if (!at) yield { line: 1, problem: `The file is empty: a ${layout.file} starts with its header line.` };
}

/**
 * Reads the whole file once and says whether it can be imported: every problem with its line (up to a
 * limit), the same SKU twice among them. Returns how many rows it holds.
 */
export async function checkSupplierFile(input: Readable, supplier: SupplierId): Promise<number> {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  let rows = 0;
  for await (const checked of checkedRows(input, supplier)) {
    if ('problem' in checked) problems.push(checked.problem);
    else {
      const first = seen.get(checked.row.sku);
      if (first !== undefined)
        problems.push(`Line ${checked.line}: SKU ${checked.row.sku} is already on line ${first}.`);
      else seen.set(checked.row.sku, checked.line);
      rows += 1;
    }
    if (problems.length >= MAX_PROBLEMS) {
      problems.push('The reading stopped there: put these right and import the file again.');
      input.destroy();
      break;
    }
  }
  if (problems.length === 0 && rows === 0) problems.push('The file has its header but no rows: nothing to import.');
  if (problems.length > 0) throw new ImportRefusal(problems);
  return rows;
}

/** Reads a file checkSupplierFile passed, handing its rows on in batches (a refusal still stops it). */
export async function* supplierRows(
  input: Readable,
  supplier: SupplierId,
  batchSize = 500,
): AsyncGenerator<BlankRow[]> {
  let batch: BlankRow[] = [];
  for await (const checked of checkedRows(input, supplier)) {
    if ('problem' in checked) throw new ImportRefusal([checked.problem]);
    batch.push(checked.row);
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
