import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway server's superuser database; tests make their own with createDatabase(). */
    postgresUrl: string;
  }
}

/** One throwaway PostgreSQL for the unit project: storage, route and CLI tests run on it and on SQLite. */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
