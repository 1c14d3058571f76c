/**
 * The names and numbers of a group's shirts, for the press: one PDF page per member who gave any, each
 * their own text alone, at true size and where the design places it in the print area, in its ink. The
 * shared art is on the press file and the films; names and numbers are printed shirt by shirt (a numbering
 * set of screens, or transfers), so the operator works down these pages, each labelled with the member's
 * size and how many shirts carry it.
 */
import type { PrintAreaLimit } from '#shared/garments/catalogue.ts';
import type { StudioDesign, StudioLocation } from '#shared/studio/design-schema.ts';
import { inkById } from '#shared/studio/inks.ts';
import type { DrawnLayer, FontLookup } from '#shared/studio/layer-shapes.ts';
import { designForMember, isMemberLayer, type MemberText } from '#shared/studio/member-text.ts';
import { drawLayerPdf, newPdf, POINTS_PER_INCH } from './pdf-drawing.ts';
import { prepareArt } from './press-file.ts';

/** A member as the sheet needs them: their text, and the shirts that carry it. */
export interface MemberPrint extends MemberText {
  size: string;
  quantity: number;
}

/** Room under the art for the page's label. */
const LABEL_INCHES = 0.6;

const swatch = (inkId: string) => inkById(inkId)?.hex ?? '#000000';

/** Numbers in order (7 before 12), then names: how a roster is read out and a stack of shirts is sorted. */
function rosterOrder(a: MemberPrint, b: MemberPrint): number {
  const numberOf = (member: MemberPrint) => {
    const number = Number.parseInt(member.backNumber, 10);
    return Number.isNaN(number) ? Number.POSITIVE_INFINITY : number;
  };
  if (numberOf(a) !== numberOf(b)) return numberOf(a) < numberOf(b) ? -1 : 1;
  return a.backName.localeCompare(b.backName, 'en') || a.backNumber.localeCompare(b.backNumber, 'en');
}

/**
 * The location's names sheet, or undefined when no member gave a name or number it prints. `members` are
 * the group's entries still in it.
 */
export async function memberSheetsPdf(
  design: StudioDesign,
  location: StudioLocation,
  area: PrintAreaLimit,
  members: readonly MemberPrint[],
  fonts: FontLookup,
): Promise<{ pdf: Buffer; labels: string[] } | undefined> {
  const pages = [...members].sort(rosterOrder).flatMap((member) => {
    const layers = (designForMember(design, member).locations[location] ?? []).filter(isMemberLayer);
    return layers.length > 0 ? [{ member, layers }] : [];
  });
  if (pages.length === 0) return undefined;
  const { widthInches: width, heightInches: height } = area;
  const size: [number, number] = [width * POINTS_PER_INCH, (height + LABEL_INCHES) * POINTS_PER_INCH];
  const { doc, bytes } = newPdf(width, height + LABEL_INCHES, `${location} names and numbers`);
  const labels: string[] = [];
  pages.forEach(({ member, layers }, index) => {
    if (index > 0) doc.addPage({ size, margin: 0 });
    const prepared = prepareArt({ location, area, layers }, { fonts });
    for (const item of prepared.drawn) if (item.kind !== 'upload') drawLayerPdf(doc, item as DrawnLayer, swatch, 0, 0);
    // The print area's edge, so the page is placed on the shirt as the shared art is.
    doc
      .save()
      .lineWidth(0.5)
      .dash(4, { space: 4 })
      .strokeColor('#999999')
      .rect(0, 0, width * POINTS_PER_INCH, height * POINTS_PER_INCH)
      .stroke()
      .restore();
    const words = [member.backName.trim().toUpperCase(), member.backNumber.trim()].filter(Boolean).join(' ');
    const shirts = member.quantity > 1 ? ` × ${member.quantity}` : '';
    const label = `${words} · size ${member.size}${shirts} · ${location} · ${index + 1} of ${pages.length}`;
    labels.push(label);
    doc
      .fillColor('#000000')
      .font('Helvetica')
      .fontSize(9)
      .text(label, 0.25 * POINTS_PER_INCH, (height + 0.25) * POINTS_PER_INCH, { lineBreak: false });
  });
  doc.end();
  return { pdf: await bytes, labels };
}
