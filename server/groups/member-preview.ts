/**
 * Each member's own preview on a group order whose request carries a studio design with member text: the
 * design filled in with their back name and number (designForMember), drawn by the server. The page names
 * the pictures and their text alternatives without drawing anything; a picture is drawn when the browser
 * asks for it, once per entry and what it shows, and kept for the next look.
 */
import type { CatalogueGarment, PrintLocation } from '#shared/garments/catalogue.ts';
import { type PictureView, viewOf } from '#shared/garments/placement-geometry.ts';
import type { StudioDesign } from '#shared/studio/design-schema.ts';
import { designForMember, hasMemberText, type MemberText, memberTextWords } from '#shared/studio/member-text.ts';
import { storedDesign } from '#shared/submissions/design-field.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';

/** What one member's preview is drawn from. */
export interface MemberPreviewSource {
  design: StudioDesign;
  garment: CatalogueGarment;
  hex: string;
}

/**
 * The member's design and its garment, or undefined when there is nothing of theirs to show: no studio
 * design, or one without member text (the request's own mockups show that one as it prints for everyone),
 * or a garment or colour the catalogue no longer has.
 */
export function memberPreviewSource(
  formValues: Readonly<FormValues> | undefined,
  garments: readonly CatalogueGarment[],
  member: MemberText,
): MemberPreviewSource | undefined {
  const design = storedDesign(formValues);
  if (!design || !hasMemberText(design)) return undefined;
  const garment = garments.find((candidate) => candidate.id === design.garmentId);
  const color = garment?.colors.find((candidate) => candidate.name === design.colorName);
  if (!garment || !color) return undefined;
  return { design: designForMember(design, member), garment, hex: color.hex };
}

const viewWords: Record<PictureView, string> = { front: 'Front', back: 'Back' };

/**
 * The views the member's design prints on, each with its text alternative: "Back of your shirt: SMITH, 23,
 * in athletic gold" where their own text is, "Front of your shirt: the group's design" elsewhere.
 */
export function memberPreviewViews(
  source: MemberPreviewSource,
  member: MemberText,
  base: string,
): { view: PictureView; src: string; alt: string }[] {
  const layersByView = new Map<PictureView, StudioDesign['locations'][PrintLocation]>();
  for (const [placement, layers] of Object.entries(source.design.locations) as [
    PrintLocation,
    StudioDesign['locations'][PrintLocation],
  ][]) {
    const view = viewOf(source.garment.type, placement);
    const drawable = source.garment.printAreas.some((area) => area.placement === placement);
    if (view && drawable && layers?.length) layersByView.set(view, [...(layersByView.get(view) ?? []), ...layers]);
  }
  return (['back', 'front'] as const).flatMap((view) => {
    const layers = layersByView.get(view);
    if (!layers) return [];
    const words = memberTextWords(layers, member) ?? 'the group’s design';
    return [{ view, src: `${base}/preview/${view}`, alt: `${viewWords[view]} of your shirt: ${words}` }];
  });
}

/** How many entries' pictures are kept: a few large teams' worth, a few megabytes of JPEG. */
const KEPT_ENTRIES = 200;

/**
 * The drawn previews per entry, the least recently looked at dropped first. An entry's pictures are
 * drawn again only when what they show changes (a new name or number, or the design), so reloading the
 * page or a team looking at their pages costs one drawing per entry; two asks at once share one drawing.
 */
export class MemberPreviews {
  readonly #kept = new Map<number, { key: string; pictures: Promise<Map<PictureView, Buffer>> }>();

  async picture(entryId: number, source: MemberPreviewSource, view: PictureView): Promise<Buffer | undefined> {
    const key = JSON.stringify([source.design, source.garment.id, source.hex]);
    let kept = this.#kept.get(entryId);
    if (!kept || kept.key !== key) {
      const pictures = import('./member-preview-drawing.ts').then(({ drawMemberPreview }) =>
        drawMemberPreview(source.design, source.garment, source.hex),
      );
      const fresh = { key, pictures };
      // A drawing that failed is not kept: the next look tries again.
      pictures.catch(() => {
        if (this.#kept.get(entryId) === fresh) this.#kept.delete(entryId);
      });
      kept = fresh;
    }
    this.#kept.delete(entryId);
    this.#kept.set(entryId, kept);
    for (const oldest of this.#kept.keys()) {
      if (this.#kept.size <= KEPT_ENTRIES) break;
      this.#kept.delete(oldest);
    }
    return (await kept.pictures).get(view);
  }
}
