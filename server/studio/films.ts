/**
 * Screen-printing films of one location: one page per screen, the underbase first (it is printed first),
 * then each ink in the order the design first uses it. A film is that ink's shapes in solid black on white.
 * Layers are painted bottom to top and a shape of another ink is painted white, so whatever covers an
 * ink knocks it out of that ink's film, as the press prints it. The underbase film is everything in black.
 * Registration marks sit at fixed places outside the art so the screens line up on the press; the label
 * names the ink, the location and the mesh the art suggests. A picture whose colours the customer confirmed
 * is separated into them (server/studio/picture-separations.ts), one film each after the shop's inks, so
 * there are as many films as the screens the design was priced on; on every other film the picture knocks
 * out what is under it, and on the underbase it is black.
 */
import type { LocationInks } from '#shared/studio/ink-count.ts';
import { inkById } from '#shared/studio/inks.ts';
import type { DrawnLayer } from '#shared/studio/layer-shapes.ts';
import { MESH_FINE_DETAIL, meshFor } from '#shared/studio/mesh.ts';
import { drawLayerPdf, newPdf, POINTS_PER_INCH } from './pdf-drawing.ts';
import { type PictureSeparation, separatePicture, separationPng } from './picture-separations.ts';
import type { PreparedArt } from './press-file.ts';

/** Paper around the art: room for the marks and the label. */
const FILM_MARGIN_INCHES = 1;
/** How far outside the art the marks' centres are. */
const MARK_OFFSET_INCHES = 0.5;
const MARK_RADIUS_INCHES = 0.15;

/** What a film's screen prints: the underbase, one of the shop's inks, or one colour of a picture. */
type FilmScreen =
  | { kind: 'underbase' }
  | { kind: 'ink'; inkId: string }
  | { kind: 'picture'; layer: number; colour: number };

export interface Film {
  screen: FilmScreen;
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
      screen: { kind: 'underbase' },
      label: 'Underbase (white)',
      mesh: meshFor({ underbase: true, inkId: 'white', smallestFeatureInches: finest(null) }),
    });
  for (const inkId of counted.inks)
    films.push({
      screen: { kind: 'ink', inkId },
      label: inkById(inkId)?.name ?? inkId,
      mesh: meshFor({ underbase: false, inkId, smallestFeatureInches: finest(inkId) }),
    });
  prepared.drawn.forEach((item, layer) => {
    if (item.kind !== 'upload' || !item.picture || !item.layer.colours) return;
    const name = item.layer.name ? `Picture ‘${item.layer.name}’` : 'Picture';
    for (let colour = 0; colour < item.layer.colours; colour += 1)
      films.push({
        screen: { kind: 'picture', layer, colour },
        label: `${name}, colour ${colour + 1} of ${item.layer.colours}`,
        // A picture's edges are pixels, the finest detail a film has: a fine mesh keeps them.
        mesh: MESH_FINE_DETAIL,
      });
  });
  return films;
}

/** Whether a film's screen prints this colour of the picture on layer `layer`. */
function printsPictureColour(screen: FilmScreen, layer: number, colour: number): boolean {
  return (
    screen.kind === 'underbase' || (screen.kind === 'picture' && screen.layer === layer && screen.colour === colour)
  );
}

/** A film's label, the picture's colour named once the picture is separated. */
function filmLabel(film: Film, separations: ReadonlyMap<number, PictureSeparation>): string {
  if (film.screen.kind !== 'picture') return film.label;
  const colour = separations.get(film.screen.layer)?.colours[film.screen.colour];
  if (!colour) return film.label;
  return `${film.label}: ${colour.inkName ? `${colour.inkName.toLowerCase()} ` : ''}${colour.hex}`;
}

/** One PDF, one page per film. */
export async function filmsPdf(prepared: PreparedArt, counted: LocationInks): Promise<{ pdf: Buffer; films: Film[] }> {
  const { widthInches: width, heightInches: height } = prepared.art.area;
  const pageWidth = width + 2 * FILM_MARGIN_INCHES;
  const pageHeight = height + 2 * FILM_MARGIN_INCHES;
  const films = filmList(prepared, counted);
  if (films.length === 0) throw new Error(`The ${prepared.art.location} print has no ink: no films to make`);
  const separations = new Map<number, PictureSeparation>();
  for (const [layer, item] of prepared.drawn.entries()) {
    if (item.kind === 'upload' && item.picture)
      separations.set(layer, await separatePicture(item.picture.bytes, item.layer.colours ?? 0));
  }
  const { doc, bytes } = newPdf(pageWidth, pageHeight, `${prepared.art.location} films`);
  for (const [index, film] of films.entries()) {
    if (index > 0) doc.addPage({ size: [pageWidth * POINTS_PER_INCH, pageHeight * POINTS_PER_INCH], margin: 0 });
    const { screen } = film;
    const colourOf = (inkId: string) =>
      screen.kind === 'underbase' || (screen.kind === 'ink' && inkId === screen.inkId) ? '#000000' : '#ffffff';
    for (const [layer, item] of prepared.drawn.entries()) {
      if (item.kind !== 'upload') {
        drawLayerPdf(doc, item, colourOf, FILM_MARGIN_INCHES, FILM_MARGIN_INCHES);
        continue;
      }
      const separation = separations.get(layer);
      if (!separation || !item.picture) continue;
      const png = await separationPng(separation, (colour) =>
        printsPictureColour(screen, layer, colour) ? 'black' : 'white',
      );
      const pictureWidth = item.layer.widthInches * POINTS_PER_INCH;
      const pictureHeight = pictureWidth * item.picture.aspect;
      doc.save();
      doc
        .translate(
          (FILM_MARGIN_INCHES + item.layer.x) * POINTS_PER_INCH,
          (FILM_MARGIN_INCHES + item.layer.y) * POINTS_PER_INCH,
        )
        .rotate(item.layer.rotation);
      doc.image(png, -pictureWidth / 2, -pictureHeight / 2, { width: pictureWidth, height: pictureHeight });
      doc.restore();
    }
    registrationMarks(doc, width, height);
    const label = `${filmLabel(film, separations)} · ${prepared.art.location} · mesh ${film.mesh} · film ${index + 1} of ${films.length}`;
    doc
      .fillColor('#000000')
      .font('Helvetica')
      .fontSize(9)
      .text(label, 0.25 * POINTS_PER_INCH, (pageHeight - 0.3) * POINTS_PER_INCH, { lineBreak: false });
  }
  doc.end();
  return { pdf: await bytes, films: films.map((film) => ({ ...film, label: filmLabel(film, separations) })) };
}
