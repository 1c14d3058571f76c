/**
 * Screen-printing films of one location: one page per screen, the underbase first (it is printed first),
 * then each ink in the order the design first uses it. A film is that ink's shapes in solid black on white.
 * Layers are painted bottom to top and a shape of another ink is painted white, so whatever covers an
 * ink knocks it out of that ink's film, as the press prints it. The underbase film is everything in black.
 * Registration marks sit at fixed places outside the art so the screens line up on the press; the label
 * names the ink, the location and the mesh the art suggests.
 */
import type { LocationInks } from '#shared/studio/ink-count.ts';
import { inkById } from '#shared/studio/inks.ts';
import type { DrawnLayer } from '#shared/studio/layer-shapes.ts';
import { meshFor } from '#shared/studio/mesh.ts';
import { drawLayerPdf, newPdf, POINTS_PER_INCH } from './pdf-drawing.ts';
import type { PreparedArt } from './press-file.ts';

/** Paper around the art: room for the marks and the label. */
const FILM_MARGIN_INCHES = 1;
/** How far outside the art the marks' centres are. */
const MARK_OFFSET_INCHES = 0.5;
const MARK_RADIUS_INCHES = 0.15;

export interface Film {
  /** The ink's id, or null for the underbase. */
  inkId: string | null;
  label: string;
  mesh: number;
}

function registrationMark(doc: PDFKit.PDFDocument, xInches: number, yInches: number) {
  const x = xInches * POINTS_PER_INCH;
  const y = yInches * POINTS_PER_INCH;
  const arm = (MARK_RADIUS_INCHES + 0.1) * POINTS_PER_INCH;
  doc.save().lineWidth(0.5).strokeColor('#000000');
  doc.circle(x, y, MARK_RADIUS_INCHES * POINTS_PER_INCH).stroke();
  doc
    .moveTo(x - arm, y)
    .lineTo(x + arm, y)
    .moveTo(x, y - arm)
    .lineTo(x, y + arm)
    .stroke();
  doc.restore();
}

/** The four marks: centred on each side of the art, the same on every film. */
function registrationMarks(doc: PDFKit.PDFDocument, width: number, height: number) {
  const left = FILM_MARGIN_INCHES;
  const top = FILM_MARGIN_INCHES;
  registrationMark(doc, left + width / 2, top - MARK_OFFSET_INCHES);
  registrationMark(doc, left + width / 2, top + height + MARK_OFFSET_INCHES);
  registrationMark(doc, left - MARK_OFFSET_INCHES, top + height / 2);
  registrationMark(doc, left + width + MARK_OFFSET_INCHES, top + height / 2);
}

const drawnLayers = (prepared: PreparedArt) =>
  prepared.drawn.filter((item): item is DrawnLayer => item.kind !== 'upload');

/** The films of the location, with the ink counts from countInks for it. */
export function filmList(prepared: PreparedArt, counted: LocationInks): Film[] {
  const layers = drawnLayers(prepared);
  const finest = (inkId: string | null) =>
    Math.min(
      ...layers
        .filter((layer) => inkId === null || layer.paints.some((paint) => paint.inkId === inkId))
        .map((layer) => layer.finestInches),
      Number.POSITIVE_INFINITY,
    );
  const films: Film[] = [];
  if (counted.underbase)
    films.push({
      inkId: null,
      label: 'Underbase (white)',
      mesh: meshFor({ underbase: true, inkId: 'white', smallestFeatureInches: finest(null) }),
    });
  for (const inkId of counted.inks)
    films.push({
      inkId,
      label: inkById(inkId)?.name ?? inkId,
      mesh: meshFor({ underbase: false, inkId, smallestFeatureInches: finest(inkId) }),
    });
  return films;
}

/** One PDF, one page per film. */
export async function filmsPdf(prepared: PreparedArt, counted: LocationInks): Promise<{ pdf: Buffer; films: Film[] }> {
  const { widthInches: width, heightInches: height } = prepared.art.area;
  const pageWidth = width + 2 * FILM_MARGIN_INCHES;
  const pageHeight = height + 2 * FILM_MARGIN_INCHES;
  const films = filmList(prepared, counted);
  if (films.length === 0) throw new Error(`The ${prepared.art.location} print has no ink: no films to make`);
  const { doc, bytes } = newPdf(pageWidth, pageHeight, `${prepared.art.location} films`);
  films.forEach((film, index) => {
    if (index > 0) doc.addPage({ size: [pageWidth * POINTS_PER_INCH, pageHeight * POINTS_PER_INCH], margin: 0 });
    const colourOf = (inkId: string) => (film.inkId === null || inkId === film.inkId ? '#000000' : '#ffffff');
    for (const layer of drawnLayers(prepared))
      drawLayerPdf(doc, layer, colourOf, FILM_MARGIN_INCHES, FILM_MARGIN_INCHES);
    registrationMarks(doc, width, height);
    const label = `${film.label} · ${prepared.art.location} · mesh ${film.mesh} · film ${index + 1} of ${films.length}`;
    doc
      .fillColor('#000000')
      .font('Helvetica')
      .fontSize(9)
      .text(label, 0.25 * POINTS_PER_INCH, (pageHeight - 0.3) * POINTS_PER_INCH, { lineBreak: false });
  });
  doc.end();
  return { pdf: await bytes, films };
}
