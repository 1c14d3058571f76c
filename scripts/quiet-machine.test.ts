import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { isQuiet, MachineBusyError, machineTicksOf, ticksOfStat, waitForQuietMachine } from './quiet-machine.ts';

describe('the benchmarks’ busy-machine guard', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });

  it('reads a process’s CPU ticks from its stat line, whatever its name holds', () => {
    const stat = '4242 (node (bench) x) S 1 4242 4242 0 -1 4194560 1 0 0 0 120 30 0 0 20 0 11 0 1 1 1';
    expect(ticksOfStat(stat)).toBe(150);
    // Busy is everything but idle and I/O wait, over all cores.
    expect(machineTicksOf('cpu  100 5 50 800 40 3 2 0 0 0\ncpu0 50 2 25 400 20 1 1 0 0 0')).toEqual({
      busy: 160,
      total: 1000,
    });
  });

  it('lets a target run only on a quiet machine, the load counted before the first one alone', () => {
    expect(isQuiet({ loadAverage: 0.5, otherShare: 0.02 }, true)).toBe(true);
    expect(isQuiet({ loadAverage: 1.6, otherShare: 0.02 }, true)).toBe(false);
    // Its own load of the previous target is still in the average: only others' CPU counts then.
    expect(isQuiet({ loadAverage: 1.6, otherShare: 0.02 }, false)).toBe(true);
    expect(isQuiet({ loadAverage: 0.5, otherShare: 0.3 }, false)).toBe(false);
  });

  it('waits while another process keeps a core busy, then gives up with "machine busy"', async () => {
    const own = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    const burner = spawn(process.execPath, ['-e', 'for (;;) {}']);
    children.push(own, burner);
    const waits: string[] = [];
    const waiting = waitForQuietMachine({ first: false, root: own.pid ?? 0, sampleMs: 400, giveUpMs: 1000 }, (line) =>
      waits.push(line),
    );
    await expect(waiting).rejects.toBeInstanceOf(MachineBusyError);
    await expect(waiting).rejects.toThrow(/^machine busy: load [\d.]+, other processes \d+% of the CPU after \d+ s/);
    expect(waits.length).toBeGreaterThan(0);
    expect(waits[0]).toMatch(/waiting for a quiet machine/);
  }, 20_000);
});
