import type Database from 'better-sqlite3';

/**
 * SQLite's page cache per connection, in KiB. better-sqlite3 builds SQLite with a 16 MB default, held
 * in the server's native memory (outside the JavaScript heap, so --max-old-space-size does not bound
 * it) once a few scans of a large inbox have filled it. The database file stays in the kernel's file
 * cache, which does not count as the process's memory, so a smaller cache costs a copy from there
 * rather than a disk read: the desk bench at 100,000 requests timed no difference between 8 and 4 MB. SQLite's sorter spills to a temporary file past the same budget.
 */
export const SQLITE_CACHE_KIB = 4 * 1024;

/**
 * Bounds what one connection may hold: its page cache, and no memory-mapped I/O (off in this build,
 * said here so a build that turns it on does not count the touched part of the file in RSS).
 */
export function boundSqliteMemory(database: Database.Database, cacheKib: number = SQLITE_CACHE_KIB): void {
  // A negative cache_size is in KiB, whatever the page size.
  database.pragma(`cache_size = -${cacheKib}`);
  database.pragma('mmap_size = 0');
}
