import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { SupplierId } from '#shared/blanks/blanks-data.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';
import type { BlankImport, BlankStore } from './blank-store.ts';
import { checkSupplierFile, ImportRefusal, MAX_IMPORT_BYTES, supplierRows } from './read-supplier-file.ts';

/** The text a refusal says when a file is past the limit, the same from the desk and the command. */
export function tooLargeText(bytes?: number): string {
  const size = bytes === undefined ? 'larger than' : `${formatBytes(bytes)}, more than`;
  return `The file is ${size} ${formatBytes(MAX_IMPORT_BYTES)}, the most an import takes: a supplier's whole product file is smaller. Nothing was imported.`;
}

/**
 * Imports a supplier's product file from disk: read once whole to check it (every bad row named by its
 * line; nothing stored when any is found), then read again into the store, which puts it in force in
 * one transaction. The file is streamed both times, never held whole.
 */
export async function importSupplierFile(
  store: Pick<BlankStore, 'replaceImport'>,
  options: { supplier: SupplierId; path: string; fileName: string; takenAt: Date; actor: string },
): Promise<BlankImport> {
  const { size } = await stat(options.path);
  if (size > MAX_IMPORT_BYTES) throw new ImportRefusal([tooLargeText(size)]);
  await checkSupplierFile(createReadStream(options.path), options.supplier);
  return store.replaceImport(
    { supplier: options.supplier, fileName: options.fileName, takenAt: options.takenAt, actor: options.actor },
    supplierRows(createReadStream(options.path), options.supplier),
  );
}
