/**
 * How a supplier's whole product file imports, and how fast the quote form's stock answer comes:
 * `npm run bench:blanks`. Writes a made-up S&S Activewear file of 200,000 SKUs (its column layout, 6 of
 * the catalogue's styles among thousands of others), imports it into a fresh database of each kind
 * (BENCH_DATABASES, default "sqlite,postgres": SQLite in a temporary folder, PostgreSQL a throwaway
 * cluster from Debian's package as the tests start it), then asks the stock answer 1,000 times. Prints the
 * import's time, the process's peak memory and the answer's median and p95; exits 1 past a budget (60 s,
 * 300 MB, 20 ms). Run it on a quiet machine: with other work on the cores the times say little.
 */
import { once } from 'node:events';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { createBlankStore } from '#server/blanks/blank-queries.ts';
import { readBlanksData } from '#server/blanks/blanks-data-file.ts';
import { importSupplierFile } from '#server/blanks/import-blanks.ts';
import { createStockReader } from '#server/blanks/stock-reader.ts';
import { openDatabase } from '#server/storage/open-database.ts';
import type { GarmentCatalogue } from '#shared/garments/catalogue.ts';
import { createDatabase, startPostgres } from '#tests/support/postgres-server.ts';

/** BENCH_BLANKS_ROWS makes a smaller file, to try the script out; the figures count only at 200,000. */
const ROWS = Number(process.env.BENCH_BLANKS_ROWS ?? 200_000);
const ANSWERS = 1000;
const BUDGET = { importSeconds: 60, peakMegabytes: 300, answerMs: 20 };

const header =
  'SkuID_Master,Sku,Gtin,BrandName,StyleName,ColorName,ColorCode,SizeName,SizeOrder,CaseQty,PiecePrice,DozenPrice,CasePrice,CustomerPrice,IL,KS,TX,GA,PA,NV,Qty';
const sizes = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL', '5XL'];
const colours = ['White', 'Black', 'Navy', 'Sport Grey', 'Red', 'Royal', 'Forest Green', 'Gold', 'Maroon', 'Orange'];
const catalogueStyles = ['5000', '3001', '1717', '5400', 'SS4500', '112'];

// A fixed pseudo-random sequence, so every run imports the same file.
let seed = 44;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

async function writeFile(path: string): Promise<void> {
  const out = createWriteStream(path);
  out.write(`${header}\n`);
  for (let row = 0; row < ROWS; row += 1) {
    const styleIndex = Math.floor(row / (sizes.length * colours.length));
    const style =
      styleIndex < catalogueStyles.length ? catalogueStyles[styleIndex] : `S${String(styleIndex).padStart(5, '0')}`;
    const colour = colours[Math.floor(row / sizes.length) % colours.length] as string;
    const size = sizes[row % sizes.length] as string;
    const price = (2 + random() * 20).toFixed(2);
    const stock = Array.from({ length: 6 }, () => Math.floor(random() * 500));
    const line = `${row + 1},B${row},0082178${String(row).padStart(7, '0')},Gildan,${style},${colour},${colour.length},${size},${row % 9},72,${price},${price},${price},${price},${stock.join(',')},${stock.reduce((a, b) => a + b, 0)}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** One database's import and answers; true when within every budget. */
async function measure(kind: 'sqlite' | 'postgres', dir: string, file: string, size: number): Promise<boolean> {
  const cluster = kind === 'postgres' ? await startPostgres() : undefined;
  try {
    const database = await openDatabase(
      cluster ? { databaseUrl: await createDatabase(cluster.url) } : { databaseDir: dir },
    );
    try {
      const store = createBlankStore(database);
      const started = performance.now();
      const done = await importSupplierFile(store, {
        supplier: 'ss-activewear',
        path: file,
        fileName: 'ss-activewear-all.csv',
        takenAt: new Date(),
        actor: 'bench',
      });
      const importSeconds = (performance.now() - started) / 1000;
      const garments = (
        JSON.parse(readFileSync(new URL('../data/garments.json', import.meta.url), 'utf8')) as GarmentCatalogue
      ).garments;
      const data = readBlanksData();
      const readStock = createStockReader({ blanks: store, data: () => data, garments: () => garments });
      const times: number[] = [];
      for (let run = 0; run < ANSWERS; run += 1) {
        const at = performance.now();
        const outcome = await readStock('gildan-5000', 'Navy', { M: 30, XL: 18 });
        times.push(performance.now() - at);
        if (!outcome.ok) throw new Error(outcome.problem);
      }
      times.sort((a, b) => a - b);
      // The whole process's peak so far: the file's writing and any earlier database's run included.
      const peakMegabytes = process.resourceUsage().maxRSS / 1024;
      const p95 = percentile(times, 0.95);
      process.stdout.write(
        [
          `${kind}: ${done.rows.toLocaleString('en-US')} SKUs, ${(size / 1024 / 1024).toFixed(1)} MB`,
          `  Import: ${importSeconds.toFixed(1)} s (budget ${BUDGET.importSeconds} s)`,
          `  Peak memory (resident): ${peakMegabytes.toFixed(0)} MB (budget ${BUDGET.peakMegabytes} MB)`,
          `  Stock answer: median ${percentile(times, 0.5).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (budget ${BUDGET.answerMs} ms)`,
          '',
        ].join('\n'),
      );
      return importSeconds <= BUDGET.importSeconds && peakMegabytes <= BUDGET.peakMegabytes && p95 <= BUDGET.answerMs;
    } finally {
      await database.close();
    }
  } finally {
    await cluster?.stop();
  }
}

async function main(): Promise<number> {
  const kinds = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((name) => name.trim());
  for (const kind of kinds)
    if (kind !== 'sqlite' && kind !== 'postgres') throw new Error(`BENCH_DATABASES lists "${kind}": sqlite, postgres`);
  const load = os.loadavg()[0] ?? 0;
  if (load > os.cpus().length / 2)
    process.stdout.write(`Warning: load average ${load.toFixed(2)}; the figures below are from a busy machine.\n`);
  const dir = await mkdtemp(join(os.tmpdir(), 'bench-blanks-'));
  const file = join(dir, 'ss-activewear-all.csv');
  try {
    await writeFile(file);
    const { size } = await stat(file);
    let within = true;
    for (const kind of kinds as ('sqlite' | 'postgres')[]) within = (await measure(kind, dir, file, size)) && within;
    return within ? 0 : 1;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bench-blanks: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
