/**
 * How long the server takes to make a design's files: the press SVG, the press PDF and the films of a
 * five-layer front print (arc text with an outline, a number, two motifs, a straight line), from the
 * design to the bytes. Prints the first render (fonts parsed then) apart, then the median and the 95th
 * percentile of the runs after it; the goal is under 500 ms. The machine's other work shows in the figures.
 *
 *   npm run bench:studio [-- runs]
 */
import { filmsPdf } from '#server/studio/films.ts';
import { prepareArt, pressPdf, pressSvg } from '#server/studio/press-file.ts';
import { studioFont } from '#server/studio/studio-fonts.ts';
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

// The first render also parses the fonts and loads pdfkit's Helvetica metrics: what a fresh server pays once.
const coldStarted = performance.now();
for (const font of new Set(layers.flatMap((layer) => (layer.kind === 'text' ? [layer.fontId] : [])))) studioFont(font);
await once();
const cold = performance.now() - coldStarted;
const times: number[] = [];
for (let run = 0; run < runs; run += 1) times.push(await once());
times.sort((a, b) => a - b);
const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? Number.NaN;
console.log(`press SVG + press PDF + films (5 layers, dark garment), ${runs} runs`);
console.log(`first render ${cold.toFixed(1)} ms (fonts parsed, pdfkit warmed)`);
console.log(
  `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, worst ${(times.at(-1) ?? 0).toFixed(1)} ms`,
);
