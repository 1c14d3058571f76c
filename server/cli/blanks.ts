/**
 * The operators' command for the suppliers' product files:
 * `npm run blanks -- import --supplier ss-activewear|sanmar|alphabroder FILE [--taken ISO-TIME]` and
 * `npm run blanks -- status`. Uses the database the server writes (DATABASE_URL, or DATABASE_DIR).
 * Exit codes: 0 done, 1 the file refused (nothing imported) or no database, 2 bad usage.
 */

import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { createBlankStore } from '#server/blanks/blank-queries.ts';
import { importSupplierFile } from '#server/blanks/import-blanks.ts';
import { ImportRefusal } from '#server/blanks/read-supplier-file.ts';
import { readStorageLocation } from '#server/config.ts';
import { openDatabase } from '#server/storage/open-database.ts';
import { databasePath } from '#server/storage/sqlite/sqlite-database.ts';
import { type SupplierId, supplierIds } from '#shared/blanks/blanks-data.ts';
import { stockAge } from '#shared/blanks/stock-answer.ts';

const usage = `Usage: npm run blanks -- <command> [options]

Commands:
  import --supplier ID FILE [--taken TIME]   Import a supplier's product file (CSV) in its own layout: checked
                                             whole first (each bad row named by its line; nothing stored if
                                             any), then put in force in place of that supplier's last import.
                                             ID: ${supplierIds.join(', ')}.
                                             --taken: when the file was downloaded (ISO 8601, e.g.
                                             2026-11-30T06:00:00Z); the file's modification time if not given.
  status                                     Each supplier's import in force and how old its figures are.

The columns each importer reads: docs/blanks.md.
Exit codes: 0 done, 1 the file refused (nothing imported) or no database, 2 bad usage.
`;

class UsageError extends Error {}

async function importCommand(args: string[]) {
  let parsed: { values: { supplier?: string | undefined; taken?: string | undefined }; positionals: string[] };
  try {
    parsed = parseArgs({
      args,
      options: { supplier: { type: 'string' }, taken: { type: 'string' } },
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const supplier = parsed.values.supplier;
  if (!supplier || !(supplierIds as readonly string[]).includes(supplier))
    throw new UsageError(`--supplier must be one of ${supplierIds.join(', ')}`);
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) throw new UsageError(file ? `unexpected argument "${extra[0]}"` : 'missing FILE');
  if (!existsSync(file)) throw new Error(`no file at ${file}`);
  const takenAt = parsed.values.taken ? new Date(parsed.values.taken) : (await stat(file)).mtime;
  if (Number.isNaN(takenAt.getTime())) throw new UsageError(`--taken must be a time such as 2026-11-30T06:00:00Z`);
  return async (database: Awaited<ReturnType<typeof openDatabase>>) => {
    const started = performance.now();
    const done = await importSupplierFile(createBlankStore(database), {
      supplier: supplier as SupplierId,
      path: file,
      fileName: basename(file),
      takenAt,
      actor: 'operator',
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Imported ${done.rows} SKUs for ${supplier} from ${done.fileName} in ${seconds} s; figures taken ${takenAt.toISOString()}.\n`,
    );
  };
}

function statusCommand(args: string[]) {
  if (args.length > 0) throw new UsageError(`unexpected argument "${args[0]}"`);
  return async (database: Awaited<ReturnType<typeof openDatabase>>) => {
    const current = await createBlankStore(database).currentImports();
    const now = new Date();
    for (const id of supplierIds) {
      const row = current.find((item) => item.supplier === id);
      process.stdout.write(
        row
          ? `${id}: ${row.rows} SKUs from ${row.fileName}, ${stockAge(row.takenAt.toISOString(), now)} (${row.takenAt.toISOString()})\n`
          : `${id}: not imported yet\n`,
      );
    }
  };
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(usage);
    return 0;
  }
  const run = name === 'import' ? await importCommand(args) : name === 'status' ? statusCommand(args) : undefined;
  if (!run) throw new UsageError(name ? `unknown command "${name}"` : 'no command given');
  const location = readStorageLocation();
  if ('databaseDir' in location && !existsSync(databasePath(location.databaseDir)))
    throw new Error(`no database at ${databasePath(location.databaseDir)} (is DATABASE_DIR right?)`);
  const database = await openDatabase(location);
  try {
    await run(database);
  } finally {
    await database.close();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`blanks: ${error.message}\n\n${usage}`);
      process.exitCode = 2;
    } else if (error instanceof ImportRefusal) {
      process.stderr.write(`blanks: nothing was imported; the last import stays in force.\n${error.message}\n`);
      process.exitCode = 1;
    } else {
      process.stderr.write(`blanks: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    }
  },
);
