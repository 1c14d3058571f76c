/**
 * How long the server takes to make a design's files: the press SVG, the press PDF and the films of a
 * five-layer front print (arc text with an outline, a number, two motifs, a straight line), from the
 * design to the bytes; then, apart, its mockup (the design on the navy tee, rendered to the JPEG a quote
 * request stores). Prints the first render (fonts parsed then) apart, then the median and the 95th
 * percentile of the runs after it; the goal is under 500 ms. The machine's other work shows in the figures.
 *
 *   npm run bench:studio [-- runs]
 */
import { readFileSync } from 'node:fs';
import { renderMockups } from '#server/mockups/render-mockups.ts';
import { filmsPdf } from '#server/studio/films.ts';
import { prepareArt, pressPdf, pressSvg } from '#server/studio/press-file.ts';
import { studioFont } from '#server/studio/studio-fonts.ts';
import { colorNamed } from '#shared/garments/catalogue.ts';
import { garmentCatalogueSchema } from '#shared/garments/catalogue-schema.ts';
import { pricedGarment } from '#shared/garments/priced-garments.ts';
import { countInks } from '#shared/studio/ink-count.ts';
import { fiveLayerDesign, frontArea } from '#tests/support/studio-design.ts';

const runs = Number(process.argv[2] ?? 50);
const layers = fiveLayerDesign.locations.front ?? [];

async function once(): Promise<number> {
  const started = performance.now();
  const prepared = prepareArt({ location: 'front', area: frontArea, layers }, { fonts: studioFont });
  const [counted] = countInks(fiveLayerDesign, true);
  if (!counted) throw new Error('The benchmark design has no front print');
  pressSvg(prepared);
  await Promise.all([pressPdf(prepared), filmsPdf(prepared, counted)]);
  return performance.now() - started;
}

/** The first run, then `runs` more: the first's time and the others' sorted. */
async function timed(run: () => Promise<number>): Promise<{ first: number; times: number[] }> {
  const first = await run();
  const times: number[] = [];
  for (let index = 0; index < runs; index += 1) times.push(await run());
  return { first, times: times.sort((a, b) => a - b) };
}

function report(title: string, firstNote: string, { first, times }: { first: number; times: number[] }): void {
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? Number.NaN;
  console.log(`${title}, ${runs} runs`);
  console.log(`first render ${first.toFixed(1)} ms (${firstNote})`);
  console.log(
    `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, worst ${(times.at(-1) ?? 0).toFixed(1)} ms`,
  );
}

// The first render also parses the fonts and loads pdfkit's Helvetica metrics: what a fresh server pays once.
const files = await timed(async () => {
  const started = performance.now();
  for (const font of new Set(layers.flatMap((layer) => (layer.kind === 'text' ? [layer.fontId] : []))))
    studioFont(font);
  await once();
  return performance.now() - started;
});
report('press SVG + press PDF + films (5 layers, dark garment)', 'fonts parsed, pdfkit warmed', files);

// The shop's own tee from the catalogue, as a quote request for it is drawn.
const catalogue = garmentCatalogueSchema.parse(JSON.parse(readFileSync('data/garments.json', 'utf8')));
const tee = catalogue.garments.find((garment) => garment.id === fiveLayerDesign.garmentId);
const garment = tee ? pricedGarment(tee) : undefined;
const color = garment ? colorNamed(garment, fiveLayerDesign.colorName) : undefined;
if (!garment || !color)
  throw new Error(`The catalogue has no ${fiveLayerDesign.garmentId} in ${fiveLayerDesign.colorName}`);
const mockup = await timed(async () => {
  const started = performance.now();
  const drawn = await renderMockups({
    garment,
    color,
    files: [],
    locations: [],
    design: [{ row: 1, placement: 'front', layers }],
  });
  if (drawn.mockups.length !== 1) throw new Error('The design drew no mockup');
  return performance.now() - started;
});
report('mockup of the design on the tee (SVG to JPEG with sharp)', 'librsvg and libvips warmed', mockup);
