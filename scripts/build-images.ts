/**
 * Rasterizes the SVG sources under assets/images into public/ with sharp, before Vite copies public/
 * into the build. Only what is out of date is redone, so `npm run dev` starts quickly.
 */
import { mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { ourWorkSchema } from '#shared/content-schemas.ts';
import { type ImageFormat, type ImageKind, imageHeight, imageKinds, imageUrl, workImageName } from '#shared/images.ts';
import { mediaSchema } from '#shared/site-data.ts';
import { garmentMockupSvg } from './garment-mockup.ts';

interface Output {
  file: string;
  width: number;
  height: number;
  format: ImageFormat | 'png';
}

interface Source {
  svg: string;
  outputs: Output[];
}

const imagesDir = 'public/images';
const formats: ImageFormat[] = ['avif', 'webp'];

// Flat artwork with large even areas: AVIF q55 and WebP q78 show no banding, and no ringing along the
// edges at the sizes the slides are shown. AVIF effort 3 rather than 4: a third of the encoding time (this
// runs on every build) for files about 5% larger.
const encoders = {
  avif: (image: Sharp) => image.avif({ quality: 55, effort: 3 }),
  webp: (image: Sharp) => image.webp({ quality: 78, effort: 4, smartSubsample: true }),
  png: (image: Sharp) => image.png({ compressionLevel: 9 }),
} satisfies Record<Output['format'], (image: Sharp) => Sharp>;

function responsive(name: string, kind: ImageKind, svg = `assets/images/${name}.svg`): Source {
  const outputs = imageKinds[kind].widths.flatMap((width) =>
    formats.map((format) => ({
      file: `public${imageUrl(name, width, format)}`,
      width,
      height: imageHeight(kind, width),
      format,
    })),
  );
  return { svg, outputs };
}

/** Where the drawn garments are written before rasterizing; ignored by git, like public/images. */
const mockupsDir = 'assets/.mockups';

/**
 * Draws each picture of data/our-work.json as SVG. A file is rewritten only when its text changes, so
 * its time says when the picture last changed and an unchanged one is not encoded again.
 */
async function drawMockups(): Promise<Source[]> {
  const work = ourWorkSchema.parse(JSON.parse(await readFile('data/our-work.json', 'utf8')));
  await mkdir(mockupsDir, { recursive: true });
  const sources: Source[] = [];
  for (const job of work.jobs) {
    for (const [index, picture] of job.pictures.entries()) {
      const name = workImageName(job.id, index);
      const file = path.join(mockupsDir, `${name}.svg`);
      const svg = garmentMockupSvg(picture, await readFile(`assets/designs/${picture.design}.svg`, 'utf8'));
      if ((await readFile(file, 'utf8').catch(() => '')) !== svg) await writeFile(file, svg);
      sources.push(responsive(name, 'work', file));
    }
  }
  return sources;
}

const media = mediaSchema.parse(JSON.parse(await readFile('data/media.json', 'utf8')));

const sources: Source[] = [
  // Social-sharing preview (og:image): 1200x630 is what the large link cards use.
  {
    svg: 'assets/images/og-image.svg',
    outputs: [{ file: 'public/og-image.png', width: 1200, height: 630, format: 'png' }],
  },
  ...media.slides.flatMap((slide) => [
    responsive(slide.imageLandscape, 'slide-landscape'),
    responsive(slide.imagePortrait, 'slide-portrait'),
  ]),
  ...media.brands.map((brand) => responsive(brand.image, 'brand')),
  ...(await drawMockups()),
  // "any" icons are shown as they are, so they keep the logo's rounded corners.
  {
    svg: 'public/logo.svg',
    outputs: [
      { file: 'public/icons/icon-192.png', width: 192, height: 192, format: 'png' },
      { file: 'public/icons/icon-512.png', width: 512, height: 512, format: 'png' },
    ],
  },
  // Android masks the maskable icon to its own shape and iOS rounds the touch icon and fills any
  // transparency with black, so both need the full-bleed square.
  {
    svg: 'assets/images/app-icon.svg',
    outputs: [
      { file: 'public/icons/maskable-512.png', width: 512, height: 512, format: 'png' },
      { file: 'public/apple-touch-icon.png', width: 180, height: 180, format: 'png' },
    ],
  },
];

async function mtime(file: string): Promise<number | undefined> {
  return stat(file).then(
    (stats) => stats.mtimeMs,
    () => undefined,
  );
}

// Sizes and encoder settings live in this script and in shared/images.ts, so editing either makes every
// output out of date as well.
const settingsFiles = [new URL(import.meta.url), new URL('../shared/images.ts', import.meta.url)];
const settingsTime = Math.max(
  ...(await Promise.all(settingsFiles.map(async (url) => (await mtime(url.pathname)) ?? 0))),
);

interface Rendered {
  data: Buffer;
  info: OutputInfo;
  opaque: boolean;
}

function isOpaque(data: Buffer, info: OutputInfo): boolean {
  for (let alpha = info.channels - 1; alpha < data.length; alpha += info.channels) {
    if (data[alpha] !== 255) return false;
  }
  return true;
}

/** Rasterizes an SVG once, at the largest size asked of it; every output is a downscale of that. */
function renderer(svg: string, width: number, height: number): () => Promise<Rendered> {
  let rendered: Promise<Rendered> | undefined;
  return () => {
    rendered ??= (async () => {
      const intrinsic = (await sharp(svg).metadata()).width;
      // librsvg draws at the requested density, so the vector is rendered sharp instead of scaled up.
      const density = Math.min(100_000, (72 * width) / intrinsic);
      const { data, info } = await sharp(svg, { density })
        .resize(width, height, { fit: 'fill' })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { data, info, opaque: isOpaque(data, info) };
    })();
    return rendered;
  };
}

const started = performance.now();
const tasks: { pixels: number; run: () => Promise<void> }[] = [];
let upToDate = 0;

for (const source of sources) {
  const sourceTime = Math.max((await mtime(source.svg)) ?? Number.POSITIVE_INFINITY, settingsTime);
  const stale: Output[] = [];
  for (const output of source.outputs) {
    if (((await mtime(output.file)) ?? 0) >= sourceTime) upToDate++;
    else stale.push(output);
  }
  if (stale.length === 0) continue;
  const render = renderer(
    source.svg,
    Math.max(...stale.map((output) => output.width)),
    Math.max(...stale.map((output) => output.height)),
  );
  for (const output of stale) {
    tasks.push({
      pixels: output.width * output.height,
      run: async () => {
        const { data, info, opaque } = await render();
        await mkdir(path.dirname(output.file), { recursive: true });
        let image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
        // Opaque artwork has no use for an alpha plane: AVIF would store a second image for it.
        if (opaque) image = image.removeAlpha();
        const resized =
          output.width === info.width && output.height === info.height
            ? image
            : image.resize(output.width, output.height, { fit: 'fill' });
        await encoders[output.format](resized).toFile(output.file);
      },
    });
  }
}

// One file per core rather than several threads per file: an AVIF encode gains next to nothing from a
// second thread. The largest go first so that no core is left with a long one at the end.
sharp.concurrency(1);
tasks.sort((a, b) => b.pixels - a.pixels);
let next = 0;
await Promise.all(
  Array.from({ length: availableParallelism() }, async () => {
    while (next < tasks.length) await tasks[next++]?.run();
  }),
);

// public/images belongs to this script: files for a width or an image no longer listed would otherwise
// keep being copied into every build.
const expected = new Set(sources.flatMap((source) => source.outputs.map((output) => path.normalize(output.file))));
let removed = 0;
for (const file of await readdir(imagesDir).catch(() => [])) {
  if (expected.has(path.join(imagesDir, file))) continue;
  await unlink(path.join(imagesDir, file));
  removed++;
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `images: ${tasks.length} built, ${upToDate} up to date${removed ? `, ${removed} stale removed` : ''} in ${seconds} s`,
);
