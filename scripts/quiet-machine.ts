/**
 * The benchmarks' guard against a busy machine. A ratio measured while other work loads the cores is
 * squeezed toward 1 (the site and the limit then wait on the same busy cores), so a figure taken that
 * way says nothing. Before the run the 1-minute load average must be at most MAX_LOAD_AVERAGE, and before
 * each target the CPU time of every process but the benchmark's own must stay under MAX_OTHER_SHARE of
 * the machine's; the guard waits while it is not so, and after GIVE_UP_MS gives up: the benchmark then
 * stops with "machine busy" and exit code 2, printing no ratio.
 */
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';

export const MAX_LOAD_AVERAGE = 1.0;
export const MAX_OTHER_SHARE = 0.1;
const SAMPLE_MS = 2000;
const GIVE_UP_MS = 60_000;

/** What the guard saw when it let a target run: printed beside the figures. */
export interface QuietReading {
  loadAverage: number;
  /** Other processes' share of the machine's CPU over the last sample, 0–1. */
  otherShare: number;
}

/** A process's user + system CPU ticks from its /proc stat line; 0 when unreadable (it has ended). */
export function ticksOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks : 0;
}

/** The parent pid from a /proc stat line. */
const parentOfStat = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);

/** Every process's stat line, by pid (Linux only). */
async function processStats(): Promise<Map<number, string>> {
  const stats = new Map<number, string>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      stats.set(Number(name), await readFile(`/proc/${name}/stat`, 'utf8'));
    } catch {
      // Ended between the listing and the read.
    }
  }
  return stats;
}

/** CPU ticks of the tree under `root` (the benchmark, its servers, their children). */
async function ownTicks(root: number): Promise<number> {
  const stats = await processStats();
  const own = new Set([root]);
  // Parents come before children in no guaranteed order: grow the set until it stops growing.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, stat] of stats) {
      if (!own.has(pid) && own.has(parentOfStat(stat))) {
        own.add(pid);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of own) ticks += ticksOfStat(stats.get(pid) ?? '');
  return ticks;
}

/**
 * The machine's busy and total CPU ticks, all cores, from /proc/stat. Counted machine-wide rather than
 * process by process: processes that start and end within a sample (a test run's workers) would be
 * missed by a sum over the processes alive at its ends.
 */
export function machineTicksOf(procStat: string): { busy: number; total: number } {
  const fields = (procStat.split('\n')[0] ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((sum, value) => sum + (Number.isFinite(value) ? value : 0), 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** The share of the machine's CPU that processes other than the benchmark's used over `ms`. */
async function otherShareOver(ms: number, root: number): Promise<number> {
  const machineBefore = machineTicksOf(await readFile('/proc/stat', 'utf8'));
  const ownBefore = await ownTicks(root);
  await new Promise((resolve) => setTimeout(resolve, ms));
  const machineAfter = machineTicksOf(await readFile('/proc/stat', 'utf8'));
  const own = (await ownTicks(root)) - ownBefore;
  const total = machineAfter.total - machineBefore.total;
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, (machineAfter.busy - machineBefore.busy - own) / total));
}

/** Whether a reading lets a target run: the load is checked only before the first one. */
export function isQuiet(reading: QuietReading, first: boolean): boolean {
  return (!first || reading.loadAverage <= MAX_LOAD_AVERAGE) && reading.otherShare <= MAX_OTHER_SHARE;
}

/** Thrown when the machine stays busy for GIVE_UP_MS: the benchmark prints it and exits 2. */
export class MachineBusyError extends Error {
  override name = 'MachineBusyError';
  /** What the guard read last, for a benchmark told to measure anyway. */
  readonly reading: QuietReading;
  constructor(message: string, reading: QuietReading) {
    super(message);
    this.reading = reading;
  }
}

/**
 * Waits until the machine is quiet enough to measure, and says what it saw; MachineBusyError after a
 * minute of waiting. `first` adds the load-average check (before the run starts, when nothing of the
 * benchmark's own has loaded the machine yet).
 */
export async function waitForQuietMachine(
  {
    first,
    root = process.pid,
    sampleMs = SAMPLE_MS,
    giveUpMs = GIVE_UP_MS,
  }: {
    first: boolean;
    /** The process whose tree is the benchmark's own (this one). */
    root?: number;
    sampleMs?: number;
    giveUpMs?: number;
  },
  log: (line: string) => void = (line) => console.error(line),
): Promise<QuietReading> {
  const started = Date.now();
  for (;;) {
    const otherShare = await otherShareOver(sampleMs, root);
    const reading = { loadAverage: os.loadavg()[0] ?? 0, otherShare };
    if (isQuiet(reading, first)) return reading;
    if (Date.now() - started >= giveUpMs)
      throw new MachineBusyError(
        `machine busy: ${describe(reading)} after ${Math.round((Date.now() - started) / 1000)} s of waiting (the limits: load ≤ ${MAX_LOAD_AVERAGE} before the run, other processes ≤ ${MAX_OTHER_SHARE * 100}% of the CPU)`,
        reading,
      );
    log(`  waiting for a quiet machine: ${describe(reading)}`);
  }
}

/** "load 0.42, other processes 3% of the CPU". */
export function describe(reading: QuietReading): string {
  return `load ${reading.loadAverage.toFixed(2)}, other processes ${Math.round(reading.otherShare * 100)}% of the CPU`;
}
