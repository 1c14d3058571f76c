import { Piscina } from 'piscina';

/** The cleaner's answer: the SVG made safe, or why it could not be. */
export type CleanedSvg = { ok: true; svg: string } | { ok: false; reason: string };

/**
 * How long one file may take to clean. The parse is linear (a 5 MB file takes tens of milliseconds on
 * these machines), so only a file far past anything a designer exports gets near this; its worker is
 * stopped then, and the file refused.
 */
const SVG_CLEAN_TIME_LIMIT_MS = 3000;

/** Files waiting beyond this are refused as "busy": a flood queues no unbounded work. */
const MAX_WAITING = 16;

let pool: Piscina | undefined;

/**
 * One worker thread, started at the first SVG and stopped when idle: the machine has two cores, and
 * the other one answers the pages. A task that runs out of time has its worker terminated (the parse is
 * plain JavaScript, safe to stop anywhere), and the pool starts a fresh one for the next file.
 */
function cleanerPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./svg-clean-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 10_000,
    maxQueue: MAX_WAITING,
  });
  return pool;
}

/** Cleans an uploaded SVG off the main thread, within SVG_CLEAN_TIME_LIMIT_MS. */
export async function cleanSvg(data: Buffer, timeLimitMs = SVG_CLEAN_TIME_LIMIT_MS): Promise<CleanedSvg> {
  try {
    return (await cleanerPool().run(data.toString('utf8'), {
      signal: AbortSignal.timeout(timeLimitMs),
    })) as CleanedSvg;
  } catch (error) {
    if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'))
      return { ok: false, reason: 'it took too long to read' };
    if (error instanceof Error && /queue is at limit/i.test(error.message))
      return { ok: false, reason: 'the server is reading too many drawings at once; send it again in a minute' };
    throw error;
  }
}

/** Stops the worker (the server's shutdown, and tests). */
export async function closeSvgCleaner(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
