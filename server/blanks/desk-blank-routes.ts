import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { type Request, type Response, Router } from 'express';
import multer, { MulterError } from 'multer';
import { staffOf, textField } from '#server/http/desk-request.ts';
import { type BlanksData, type SupplierId, supplierIds } from '#shared/blanks/blanks-data.ts';
import type { BlanksCheckView, BlanksView } from '#shared/blanks/blanks-view.ts';
import { stockAge } from '#shared/blanks/stock-answer.ts';
import type { DeskView } from '#shared/desk-contract.ts';
import { type CatalogueGarment, garmentSizes, garmentTitle } from '#shared/garments/catalogue.ts';
import { instantOf } from '#shared/groups/zoned-time.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';
import type { BlankStore } from './blank-store.ts';
import { deskStockView } from './desk-stock.ts';
import { importSupplierFile, tooLargeText } from './import-blanks.ts';
import { ImportRefusal, MAX_IMPORT_BYTES } from './read-supplier-file.ts';
import type { StockReader } from './stock-reader.ts';
import { layoutColumns, supplierLayouts } from './supplier-layouts.ts';

export interface DeskBlankRoutesOptions {
  blanks: BlankStore;
  readStock: StockReader;
  data: () => BlanksData;
  garments: () => readonly CatalogueGarment[];
  timeZone: () => string;
  render: (req: Request, res: Response, view: DeskView, status?: number) => Promise<void>;
  now: () => Date;
  /** Called once an import is in force: the catalogue's prices follow it before the desk is answered. */
  onImported?: () => Promise<void>;
}

const HISTORY_SHOWN = 15;
/** Room for the form's text fields and the multipart framing on top of the file. */
const FORM_ALLOWANCE_BYTES = 64 * 1024;
/** The oldest figures the desk takes: a file older than this says little about today's stock. */
const MAX_AGE_DAYS = 30;

/** The stock check's query as typed: garment, colour and a count per size. */
function checkOf(query: Request['query']): { garment: string; colour: string; sizes: Record<string, string> } {
  const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string).trim().slice(0, 60) : '');
  return {
    garment: text('garment'),
    colour: text('colour'),
    sizes: Object.fromEntries(garmentSizes.map((size) => [size, text(size)])),
  };
}

/**
 * /staff/blanks: each supplier's import in force with how old its figures are, the upload that imports a
 * supplier's product file (checked whole first: every bad row named, nothing stored), and the stock
 * check the desk answers a quote with ("Navy XL: 10 in stock, you need 18").
 */
export function deskBlankRoutes(options: DeskBlankRoutesOptions): Router {
  const router = Router();
  // Written to a temporary file under a random name (read twice as a stream, removed once answered).
  const upload = multer({
    storage: multer.diskStorage({ destination: tmpdir() }),
    defParamCharset: 'utf8',
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  }).single('file');

  async function checkView(asked: ReturnType<typeof checkOf>): Promise<BlanksCheckView> {
    const view: BlanksCheckView = { ...asked };
    if (asked.garment === '') return view;
    const need: Record<string, number> = {};
    for (const [size, text] of Object.entries(asked.sizes)) {
      if (text === '') continue;
      if (!/^\d{1,6}$/.test(text)) return { ...view, problem: `${size}: give the pieces as a whole number.` };
      if (Number(text) > 0) need[size] = Number(text);
    }
    const outcome = await options.readStock(asked.garment, asked.colour, need);
    if (!outcome.ok) return { ...view, problem: outcome.problem };
    return { ...view, ...deskStockView(outcome.reading, options.data(), options.now()) };
  }

  async function show(req: Request, res: Response, extra: Partial<BlanksView>, status = 200) {
    const now = options.now();
    const current = await options.blanks.currentImports();
    const history = await options.blanks.importHistory(HISTORY_SHOWN);
    const data = options.data();
    const name = (id: string) => data.suppliers.find((supplier) => supplier.id === id)?.name ?? id;
    const done = req.query.done === 'imported';
    const view: BlanksView = {
      page: 'blanks',
      staff: staffOf(res),
      suppliers: supplierIds.map((id) => {
        const row = current.find((item) => item.supplier === id);
        return {
          id,
          name: name(id),
          columns: layoutColumns(supplierLayouts[id]),
          ...(row
            ? {
                current: {
                  fileName: row.fileName,
                  rows: row.rows,
                  takenAt: row.takenAt.toISOString(),
                  age: stockAge(row.takenAt.toISOString(), now),
                  importedAt: row.importedAt.toISOString(),
                  importedBy: row.importedBy.replace(/^staff:/, ''),
                },
              }
            : {}),
        };
      }),
      garments: options
        .garments()
        .filter((garment) => data.styles.some((style) => style.garment === garment.id))
        .map((garment) => ({
          id: garment.id,
          title: garmentTitle(garment),
          colours: garment.colors.map((c) => c.name),
        })),
      sizes: garmentSizes,
      check: await checkView(checkOf(req.query)),
      history: history.map((row) => ({
        supplier: name(row.supplier),
        fileName: row.fileName,
        rows: row.rows,
        takenAt: row.takenAt.toISOString(),
        importedAt: row.importedAt.toISOString(),
        by: row.importedBy.replace(/^staff:/, ''),
      })),
      maxSize: formatBytes(MAX_IMPORT_BYTES),
      problems: [],
      ...(done
        ? { notice: { type: 'success' as const, text: 'Imported: the stock shown from now on is this file’s.' } }
        : {}),
      ...extra,
    };
    await options.render(req, res, view, status);
  }

  const refuse = (req: Request, res: Response, problems: string[], status: number) =>
    show(
      req,
      res,
      { problems, notice: { type: 'error', text: 'Nothing was imported: the last import stays in force.' } },
      status,
    );

  router.get('/staff/blanks', (req, res) => show(req, res, {}));

  router.post('/staff/blanks/import', async (req, res) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_IMPORT_BYTES + FORM_ALLOWANCE_BYTES) {
      // Answered before the body is read: the rest of it is not wanted.
      res.set('Connection', 'close');
      return refuse(req, res, [tooLargeText(declared)], 413);
    }
    const parsed = await new Promise<unknown>((resolve) => upload(req, res, resolve));
    const file = req.file;
    try {
      if (parsed instanceof MulterError && parsed.code === 'LIMIT_FILE_SIZE')
        return await refuse(req, res, [tooLargeText()], 413);
      if (parsed)
        return await refuse(
          req,
          res,
          ['The form was incomplete: choose the supplier and the file, and send it again.'],
          400,
        );
      const supplier = textField(req.body, 'supplier');
      if (!(supplierIds as readonly string[]).includes(supplier))
        return await refuse(req, res, ['Choose whose file it is: S&S Activewear, SanMar or alphabroder.'], 422);
      if (!file || file.size === 0) return await refuse(req, res, ['Choose the supplier’s CSV file to import.'], 422);
      const now = options.now();
      const typed = textField(req.body, 'takenAt');
      const takenAt = typed === '' ? now : instantOf(typed, options.timeZone());
      if (
        !takenAt ||
        takenAt.getTime() > now.getTime() + 60_000 ||
        now.getTime() - takenAt.getTime() > MAX_AGE_DAYS * 86_400_000
      )
        return await refuse(
          req,
          res,
          [`When the file was taken: a date and time in the last ${MAX_AGE_DAYS} days, not ahead.`],
          422,
        );
      await importSupplierFile(options.blanks, {
        supplier: supplier as SupplierId,
        path: file.path,
        fileName: file.originalname.slice(0, 200),
        takenAt,
        actor: `staff:${staffOf(res)}`,
      });
      await options.onImported?.();
      res.redirect(303, '/staff/blanks?done=imported');
    } catch (error) {
      if (error instanceof ImportRefusal) return refuse(req, res, [...error.problems], 422);
      throw error;
    } finally {
      if (file) await rm(file.path, { force: true });
    }
  });

  return router;
}
