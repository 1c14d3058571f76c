import { type RequestHandler, Router } from 'express';
import createHttpError from 'http-errors';
import { referenceOf } from '#server/http/desk-request.ts';
import type { VersionStore } from '#server/requests/version-store.ts';
import type { MemberPrint } from '#server/studio/member-sheets.ts';
import type { PressOptions } from '#server/studio/press-file.ts';
import type { CatalogueGarment } from '#shared/garments/catalogue.ts';
import type { DesignLayer } from '#shared/studio/design-schema.ts';
import { storedDesign } from '#shared/submissions/design-field.ts';
import { type DesignFileName, designFileNames, designLocations, drawDesignFile } from './design-files.ts';

export interface DesignRoutesOptions {
  /** The request's form, which keeps its design. */
  versions: Pick<VersionStore, 'formValuesOf'>;
  /** The catalogue's garments, read at each use (they reload): the print areas the files are drawn to. */
  garments: () => readonly CatalogueGarment[];
  /**
   * The customer's pictures a design places, found among the request's files (the app hands in the
   * mockups' matching, which draws them too): without it a picture layer is left out of the files.
   */
  pictures?: (reference: string, layers: readonly DesignLayer[]) => Promise<PressOptions['uploads']>;
  /** The request's group members still in it (the app hands in the group store's): for the names sheet. */
  members?: (reference: string) => Promise<readonly MemberPrint[]>;
}

const isFileName = (value: unknown): value is DesignFileName =>
  typeof value === 'string' && (designFileNames as readonly string[]).includes(value);

/** One file: drawn from the stored design, sent as a download named for the request and the location. */
function sendDesignFile(options: DesignRoutesOptions): RequestHandler {
  return async (req, res) => {
    const reference = referenceOf(req);
    const { location, file } = req.params;
    if (!isFileName(file)) throw createHttpError(404, `A design's files are ${designFileNames.join(', ')}.`);
    const design = storedDesign(await options.versions.formValuesOf(reference));
    if (!design) throw createHttpError(404, 'This request has no studio design.');
    const place = designLocations(design, options.garments()).find((candidate) => candidate.location === location);
    if (!place) throw createHttpError(404, `The design has nothing at "${String(location)}".`);
    const pictures = file === 'names.pdf' ? undefined : await options.pictures?.(reference, place.layers);
    const members = file === 'names.pdf' ? await options.members?.(reference) : undefined;
    const drawn = await drawDesignFile(design, place, file, {
      ...(pictures ? { uploads: pictures } : {}),
      ...(members ? { members } : {}),
    });
    if (!drawn.ok) throw createHttpError(404, drawn.message);
    // As every file the desk sends: a download, and sandboxed should a browser open it anyway.
    res
      .type(drawn.type)
      .set({
        'Content-Disposition': `attachment; filename="${reference}-${place.location}-${file}"`,
        'Content-Security-Policy': "default-src 'none'; sandbox",
      })
      .send(drawn.body);
  };
}

/**
 * The press files of a request's studio design, under the desk's request: mounted by the app behind the
 * desk's sign-in, as the other desk routes are. Drawn at each download (a few hundred milliseconds at most),
 * not stored: the design is, and the fonts and inks they are drawn with do not change under it.
 */
export function designDeskRoutes(options: DesignRoutesOptions): Router {
  const router = Router();
  router.get('/staff/requests/:reference/design/:location/:file', sendDesignFile(options));
  return router;
}
