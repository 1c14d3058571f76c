/**
 * Rasterizes the SVG sources under assets/images into public/ with sharp, before Vite copies public/
 * into the build. Only what is out of date is redone, so `npm run dev` starts quickly.
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

interface ImageJob {
  source: string;
  output: string;
  width: number;
  height: number;
}

const jobs: ImageJob[] = [
  // Social-sharing preview (og:image): 1200x630 is what the large link cards use.
  { source: 'assets/images/og-image.svg', output: 'public/og-image.png', width: 1200, height: 630 },
];

async function isUpToDate(job: ImageJob): Promise<boolean> {
  try {
    const [source, output] = await Promise.all([stat(job.source), stat(job.output)]);
    return output.mtimeMs >= source.mtimeMs;
  } catch {
    return false;
  }
}

for (const job of jobs) {
  if (await isUpToDate(job)) continue;
  await mkdir(path.dirname(job.output), { recursive: true });
  await sharp(job.source, { density: 144 })
    .resize(job.width, job.height)
    .png({ compressionLevel: 9 })
    .toFile(job.output);
  console.log(`images: ${job.output}`);
}
