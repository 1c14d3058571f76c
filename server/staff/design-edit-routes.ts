import { type Request, type Response, Router } from 'express';
import createHttpError from 'http-errors';
import { noSuchRequest, referenceOf, staffOf } from '#server/http/desk-request.ts';
import type { VersionStore } from '#server/requests/version-store.ts';
import type { CatalogueGarment } from '#shared/garments/catalogue.ts';
import { isRecord } from '#shared/is-record.ts';
import { MAX_DESIGN_JSON_BYTES } from '#shared/studio/design-schema.ts';
import { checkDesignField, storedDesign } from '#shared/submissions/design-field.ts';
import { DESIGN_FIELD } from '#shared/submissions/design-field-name.ts';

/** What the desk is told when it comes back from the studio. */
export const designNotices = {
  'design-saved': { type: 'success', text: 'Design saved and the mockup redrawn from it.' },
  'design-saved-no-mockup': {
    type: 'error',
    text: 'Design saved, but the mockup could not be drawn from it: check the request’s print locations.',
  },
} as const;

export interface DesignEditRoutesOptions {
  versions: Pick<VersionStore, 'formValuesOf' | 'replaceDesign' | 'designsReplaced'>;
  /** The catalogue's garments, read at each use (they reload): what the design is checked against. */
  garments: () => readonly CatalogueGarment[];
  /** Draws the request's mockups again from the form values as now stored; false when none could be drawn. */
  redraw: (reference: string, values: Readonly<Record<string, string>>) => Promise<boolean>;
}

/**
 * The desk's edit of a request's studio design, behind the desk's sign-in as every desk route: the studio
 * page asks the design as JSON (the public page carries none of the request's data) and posts the edited
 * design back with the anti-forgery header, checked by the app's gate as every post. The design is checked
 * against the catalogue and the request's own garment, colour and service as the quote form's is, stored in
 * place of the form's (the one it replaces kept in the activity log), and the mockup redrawn from it, so the
 * desk's "Use as proof" sends what the shop made.
 */
export function designEditRoutes(options: DesignEditRoutesOptions): Router {
  const router = Router();

  router.get('/staff/requests/:reference/design.json', async (req: Request, res: Response) => {
    const reference = referenceOf(req);
    const design = storedDesign(await options.versions.formValuesOf(reference));
    if (!design) throw createHttpError(404, 'This request has no studio design.');
    const replaced = await options.versions.designsReplaced(reference);
    res.set('Cache-Control', 'no-store').json({
      design,
      replaced: replaced.map((earlier) => ({
        location: earlier.location,
        replacedAt: earlier.replacedAt.toISOString(),
        replacedBy: earlier.replacedBy,
        design: storedDesign({ [DESIGN_FIELD]: earlier.json }) ?? null,
      })),
    });
  });

  router.post('/staff/requests/:reference/design', async (req: Request, res: Response) => {
    const reference = referenceOf(req);
    const body: unknown = req.body;
    if (!isRecord(body) || !isRecord(body.design) || typeof body.location !== 'string')
      throw createHttpError(400, 'Send the design as JSON: { "design": {…}, "location": "front" }.');
    const values = await options.versions.formValuesOf(reference);
    if (!values || !storedDesign(values)) throw noSuchRequest();
    const json = JSON.stringify(body.design);
    if (Buffer.byteLength(json) > MAX_DESIGN_JSON_BYTES)
      throw createHttpError(413, `A design may take ${MAX_DESIGN_JSON_BYTES / 1024} KB at most.`);
    const checked = checkDesignField({ ...values, [DESIGN_FIELD]: json }, options.garments());
    if (!checked.ok) return res.status(422).json({ error: 'design_invalid', message: checked.message });
    if (!checked.design) return res.status(422).json({ error: 'design_invalid', message: 'The design is empty.' });
    const normalised = JSON.stringify(checked.design);
    const staff = staffOf(res);
    if (
      !(await options.versions.replaceDesign(reference, normalised, {
        actor: `staff:${staff}`,
        location: body.location,
      }))
    )
      throw noSuchRequest();
    const drawn = await options.redraw(reference, { ...values, [DESIGN_FIELD]: normalised });
    req.log.info({ reference, staff, mockup: drawn }, 'studio design edited on the desk');
    res.json({
      saved: true,
      next: `/staff/requests/${reference}?done=${drawn ? 'design-saved' : 'design-saved-no-mockup'}#design`,
    });
  });

  return router;
}
