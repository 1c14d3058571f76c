import { describe, expect, it } from 'vitest';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import { diskFloorRefusal } from './disk-floor.ts';

const MB = 1024 * 1024;

describe('diskFloorRefusal', () => {
  it('lets uploads through while the free space is at or above the floor', async () => {
    const { logger, lines } = memoryLogger();
    const floor = { dir: '/srv/db', floorBytes: 1024 * MB, readFree: async () => 1024 * MB };
    expect(await diskFloorRefusal(floor, logger)).toBeUndefined();
    expect(lines).toEqual([]);
  });

  it('refuses with 507 and a clear message below the floor, and alerts the operator at error level', async () => {
    const { logger, lines } = memoryLogger();
    const asked: string[] = [];
    const readFree = async (dir: string) => {
      asked.push(dir);
      return 300 * MB;
    };
    const refusal = await diskFloorRefusal({ dir: '/srv/db', floorBytes: 1024 * MB, readFree }, logger);
    expect(asked).toEqual(['/srv/db']);
    expect(refusal?.status).toBe(507);
    expect(refusal?.expose).toBe(true);
    expect(refusal?.message).toMatch(/^We cannot take files right now/);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        alert: 'disk_low',
        command: 'du -sh /srv/db/*',
        dir: '/srv/db',
        freeBytes: 300 * MB,
        floorBytes: 1024 * MB,
      }),
    ]);
  });

  it('never refuses with a floor of 0, and lets uploads through (with a warning) when the disk cannot be read', async () => {
    const { logger, lines } = memoryLogger();
    const unreadable = async (): Promise<number> => {
      throw new Error('EIO');
    };
    expect(await diskFloorRefusal({ dir: '/srv/db', floorBytes: 0, readFree: async () => 0 }, logger)).toBeUndefined();
    expect(await diskFloorRefusal({ dir: '/srv/db', floorBytes: MB, readFree: unreadable }, logger)).toBeUndefined();
    expect(lines).toEqual([expect.objectContaining({ level: 40, dir: '/srv/db' })]);
  });
});
