import pg from 'pg';
import request from 'supertest';
import { describe, inject, it } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';
import { openTestStorage } from '#tests/support/test-storage.ts';

/** Runs SQL as the test server's superuser (outside the database under test). */
async function asAdmin(text: string) {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe('/readyz', () => {
  it('answers 503 while the database cannot be reached, and 200 again once it can', async () => {
    const storage = await openTestStorage('postgres');
    const app = await createTestApp({ storage });
    const name = new URL((storage.location as { databaseUrl: string }).databaseUrl).pathname.slice(1);
    try {
      await request(app.app).get('/readyz').expect(200, { status: 'ready' });

      // The database goes away for this instance: its connections are cut and new ones refused.
      await asAdmin(`alter database ${name} allow_connections false`);
      await asAdmin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
      await request(app.app).get('/readyz').expect(503, { status: 'unavailable', reason: 'database' });
      // The process itself is fine: liveness stays up, so it is not restarted for the database's sake.
      await request(app.app).get('/healthz').expect(200);

      await asAdmin(`alter database ${name} allow_connections true`);
      await request(app.app).get('/readyz').expect(200, { status: 'ready' });
    } finally {
      await asAdmin(`alter database ${name} allow_connections true`);
      await storage.close();
    }
  });

  it('answers 503 once shutdown has begun, whatever the database says', async () => {
    const app = await createTestApp();
    app.readiness.ready = false;
    await request(app.app).get('/readyz').expect(503, { status: 'unavailable' });
  });
});
