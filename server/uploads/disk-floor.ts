import createHttpError, { type HttpError } from 'http-errors';
import type { Logger } from 'pino';
import { freeBytes } from './free-space.ts';

/** Where the uploads land on this instance's disk, and how much must stay free there. */
export interface DiskFloor {
  /** The SQLite database's folder: the files are stored inside the database. */
  dir: string;
  /** Uploads are refused below this many free bytes; 0 never refuses. */
  floorBytes: number;
  /** Reads the free bytes under `dir`; the tests give their own. */
  readFree?: (dir: string) => Promise<number>;
}

const DISK_LOW_MESSAGE =
  'We cannot take files right now: our storage is nearly full. Nothing was stored. Please try again later, or e-mail the files to us; we have been alerted.';

/**
 * A 507 when the disk under the database has less free space than the floor, else undefined. Only
 * uploads are held to it: a few kilobytes of text still fit, and a message reaching the shop is worth
 * more than the floor's margin. The operator is told at error level with `alert: 'disk_low'`, the field
 * a log alert can match. A disk that cannot be read is let through (and logged): a broken statfs must
 * not close the form, and a disk truly full fails the save on its own.
 */
export async function diskFloorRefusal(floor: DiskFloor, log: Logger): Promise<HttpError | undefined> {
  if (floor.floorBytes <= 0) return undefined;
  let free: number;
  try {
    free = await (floor.readFree ?? freeBytes)(floor.dir);
  } catch (error) {
    log.warn({ err: error, dir: floor.dir }, 'free disk space could not be read: upload let through');
    return undefined;
  }
  if (free >= floor.floorBytes) return undefined;
  log.error(
    {
      alert: 'disk_low',
      command: `du -sh ${floor.dir}/*`,
      dir: floor.dir,
      freeBytes: free,
      floorBytes: floor.floorBytes,
    },
    'upload refused: free disk space under the database is below DISK_FREE_FLOOR_MB',
  );
  return createHttpError(507, DISK_LOW_MESSAGE, { expose: true });
}
