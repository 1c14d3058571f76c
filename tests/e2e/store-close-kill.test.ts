import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeatureStores } from '#server/feature-stores.ts';
import { openDatabase, type StorageLocation } from '#server/storage/open-database.ts';
import { databasePath } from '#server/storage/sqlite/sqlite-database.ts';
import { createDatabase, type RunningPostgres, startPostgres } from '#tests/support/postgres-server.ts';
import { type RunningServer, startServer } from '#tests/support/server-process.ts';
import { type SmtpCatcher, startSmtpCatcher } from '#tests/support/smtp-catcher.ts';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
  startStripeStandIn,
} from '#tests/support/stripe-stand-in.ts';
import { SEEDED_MARKUP_CENTS, SEEDED_TEE_CENTS, seededOrder, seededStore } from '#tests/support/team-store-seed.ts';

const BUYERS = 8;
const TEE_CENTS = SEEDED_TEE_CENTS + SEEDED_MARKUP_CENTS;

/** One statement on the server's database from outside it, as an operator's shell would run it. */
async function sql(location: StorageLocation, text: string): Promise<Record<string, unknown>[]> {
  if ('databaseUrl' in location) {
    const client = new pg.Client({ connectionString: location.databaseUrl });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  }
  const database = new SqliteDatabase(databasePath(location.databaseDir));
  try {
    const statement = database.prepare(text);
    if (statement.reader) return statement.all() as Record<string, unknown>[];
    statement.run();
    return [];
  } finally {
    database.close();
  }
}

/**
 * A store past its close with BUYERS saved cards, written straight into the database the server will
 * open, each buyer's customer and card known to the stand-in as checkout would have left them.
 */
async function seedStore(location: StorageLocation, stripe: StripeStandIn): Promise<number> {
  const database = await openDatabase(location);
  try {
    const stores = createFeatureStores(database);
    const { store } = await seededStore(stores);
    for (let buyer = 1; buyer <= BUYERS; buyer += 1) {
      const customer = `cus_test_kill${buyer}`;
      const paymentMethod = `pm_test_kill${buyer}`;
      stripe.customers.set(customer, { id: customer, object: 'customer' });
      stripe.paymentMethods.set(paymentMethod, {
        id: paymentMethod,
        object: 'payment_method',
        type: 'card',
        customer,
        card: { brand: 'visa', last4: '4242' },
        behaviour: 'succeeds',
      });
      await seededOrder(stores, store, {
        name: `Buyer ${buyer}`,
        email: `buyer${buyer}@example.com`,
        customer,
        paymentMethod,
      });
    }
    // Due now: the server's closing job takes it at its first look.
    await stores.teamStores.moveClose(store.id, new Date(Date.now() - 1000));
    return store.id;
  } finally {
    await database.close();
  }
}

/** Off-session charges the stand-in made for the store, by order (metadata the close sends). */
function chargesByOrder(stripe: StripeStandIn): Map<string, number[]> {
  const byOrder = new Map<string, number[]>();
  for (const intent of stripe.paymentIntents.values()) {
    if (intent.status !== 'succeeded' || !intent.off_session) continue;
    const order = String((intent.metadata as Record<string, unknown>).storeOrder);
    byOrder.set(order, [...(byOrder.get(order) ?? []), Number(intent.amount)]);
  }
  return byOrder;
}

// The close is killed (SIGKILL, no shutdown hook runs) in the middle of charging the saved cards, with
// one charge made on Stripe's side whose answer never reached the site, and finished by the next start.
describe.each(['sqlite', 'postgres'] as const)('a store close killed halfway on %s', (backend) => {
  let postgres: RunningPostgres | undefined;
  let location: StorageLocation;
  let stripe: StripeStandIn;
  let smtp: SmtpCatcher;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    smtp = await startSmtpCatcher();
    if (backend === 'postgres') {
      postgres = await startPostgres();
      location = { databaseUrl: await createDatabase(postgres.url) };
    } else location = { databaseDir: await mkdtemp(join(tmpdir(), 'seenwear-kill-')) };
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await stripe?.close();
    await smtp?.close();
    await postgres?.stop();
  });

  const start = (env: Record<string, string>) =>
    startServer({
      ...('databaseUrl' in location ? { DATABASE_URL: location.databaseUrl } : { DATABASE_DIR: location.databaseDir }),
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      ...env,
    }).then((server) => {
      servers.push(server);
      return server;
    });

  it('charges every order exactly once, mails one receipt each and closes the store', async () => {
    // Opening the database migrates it, as the server's start does; the store is written into it.
    const storeId = await seedStore(location, stripe);
    // Each charge is answered after 300 ms: the kill lands while one is made but not yet answered.
    stripe.offSessionDelayMs = 300;

    // The first instance has no mail server: every receipt the close queues waits in the outbox, so
    // the receipts counted below are exactly the ones queued, whichever instance queued them.
    const first = await start({});
    await expect
      .poll(() => stripe.calls.filter((call) => call.path === '/v1/payment_intents').length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(3);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const chargedBeforeKill = [...chargesByOrder(stripe).values()].length;
    expect(chargedBeforeKill).toBeGreaterThanOrEqual(3);
    expect(chargedBeforeKill).toBeLessThan(BUYERS);
    // Halfway: the store is still closing, some orders recorded charged and the rest still saved.
    const [halfway] = await sql(location, `select state from team_stores where id = ${storeId}`);
    expect(halfway?.state).toBe('closing');
    const recorded = await sql(
      location,
      `select count(*) as n from team_store_orders where store_id = ${storeId} and state = 'charged'`,
    );
    expect(Number(recorded[0]?.n)).toBeLessThanOrEqual(chargedBeforeKill);

    // The killed instance's leases (the job's and the close's) run out as they would ten minutes later.
    await sql(location, "update scheduled_jobs set lease_until = '2000-01-01T00:00:00.000Z'");
    await sql(location, `update team_stores set close_lease_until = '2000-01-01T00:00:00.000Z' where id = ${storeId}`);
    stripe.offSessionDelayMs = 0;
    await start({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Seenwear <orders@seenwear.example>',
      SHOP_EMAIL: 'shop@seenwear.example',
    });
    // Closed with its minimum met ('charged'), not left closing.
    await expect
      .poll(async () => (await sql(location, `select state from team_stores where id = ${storeId}`))[0]?.state, {
        timeout: 20_000,
      })
      .toBe('charged');

    // Every order charged exactly once, for its total, in Stripe's own record.
    const charges = chargesByOrder(stripe);
    expect(charges.size).toBe(BUYERS);
    for (const amounts of charges.values()) expect(amounts).toEqual([TEE_CENTS]);
    // The charge the killed instance never heard of was asked again with its key and answered, not made again.
    const keys = stripe.calls.filter((call) => call.path === '/v1/payment_intents').map((call) => call.idempotencyKey);
    expect(new Set(keys).size).toBe(BUYERS);
    expect(keys.length).toBeGreaterThan(BUYERS);
    const orders = await sql(location, `select state from team_store_orders where store_id = ${storeId}`);
    expect(orders.map((order) => order.state)).toEqual(Array(BUYERS).fill('charged'));

    // One receipt per buyer.
    const receipts = () => smtp.received.filter((mail) => /your receipt/.test(mail.parsed.subject ?? ''));
    await expect.poll(() => receipts().length, { timeout: 20_000 }).toBe(BUYERS);
    expect(new Set(receipts().map((mail) => mail.envelopeTo.join())).size).toBe(BUYERS);
  }, 120_000);
});
