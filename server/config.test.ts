import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readDatabaseDir, readStorageLocation } from './config.ts';

const secret = 'a'.repeat(64);

describe('loadConfig', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', port: 3000, host: '0.0.0.0', logLevel: 'info' });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.csrfSecretGenerated).toBe(true);
    expect(config.csrfSecret).toHaveLength(64);
  });

  it('caps open connections at MAX_CONNECTIONS, 256 by default, and refuses a nonsensical value', () => {
    expect(loadConfig({}).maxConnections).toBe(256);
    expect(loadConfig({ MAX_CONNECTIONS: '1000' }).maxConnections).toBe(1000);
    for (const bad of ['0', '-5', 'many', '1.5', '1000000']) {
      expect(() => loadConfig({ MAX_CONNECTIONS: bad })).toThrow(/MAX_CONNECTIONS:/);
    }
  });

  it('lets one address hold one upload slot (UPLOADS_PER_VISITOR) and cuts an upload idle for 10 s (UPLOAD_IDLE_SECONDS)', () => {
    expect(loadConfig({})).toMatchObject({ uploadsPerVisitor: 1, uploadIdleMs: 10_000 });
    expect(loadConfig({ UPLOADS_PER_VISITOR: '2', UPLOAD_IDLE_SECONDS: '30' })).toMatchObject({
      uploadsPerVisitor: 2,
      uploadIdleMs: 30_000,
    });
    for (const bad of ['0', '-1', '1.5', 'many', '65']) {
      expect(() => loadConfig({ UPLOADS_PER_VISITOR: bad })).toThrow(/UPLOADS_PER_VISITOR:/);
    }
    for (const bad of ['0', '61', '2.5', 'soon']) {
      expect(() => loadConfig({ UPLOAD_IDLE_SECONDS: bad })).toThrow(/UPLOAD_IDLE_SECONDS:/);
    }
  });

  it('allows 100 MB of artwork per address per day (UPLOAD_MB_PER_DAY), never less than one full request', () => {
    expect(loadConfig({}).uploadBytesPerDay).toBe(100 * 1024 * 1024);
    expect(loadConfig({ UPLOAD_MB_PER_DAY: '500' }).uploadBytesPerDay).toBe(500 * 1024 * 1024);
    expect(() => loadConfig({ UPLOAD_MB_PER_DAY: '10' })).toThrow(
      /UPLOAD_MB_PER_DAY: must be at least 25, what one request may carry/,
    );
    for (const bad of ['lots', '30.5', '-1'])
      expect(() => loadConfig({ UPLOAD_MB_PER_DAY: bad })).toThrow(/UPLOAD_MB_PER_DAY:/);
  });

  it('reads the team store rules from data/ unless TEAM_STORES_FILE names another file, resolved at start', () => {
    expect(loadConfig({}).teamStoresFile).toBeUndefined();
    expect(loadConfig({ TEAM_STORES_FILE: 'etc/team-stores.json' }).teamStoresFile).toBe(
      resolve('etc/team-stores.json'),
    );
  });

  it('keeps 1024 MB free under the database (DISK_FREE_FLOOR_MB); 0 turns the floor off', () => {
    expect(loadConfig({}).diskFreeFloorBytes).toBe(1024 * 1024 * 1024);
    expect(loadConfig({ DISK_FREE_FLOOR_MB: '0' }).diskFreeFloorBytes).toBe(0);
    for (const bad of ['-1', 'full', '0.5'])
      expect(() => loadConfig({ DISK_FREE_FLOOR_MB: bad })).toThrow(/DISK_FREE_FLOOR_MB:/);
  });

  it('serves /metrics only with a METRICS_TOKEN of at least 32 characters', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(32) }).metricsToken).toBe('m'.repeat(32));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
  });

  it('takes card payments only with both Stripe keys, and points the package at STRIPE_API_BASE in parts', () => {
    expect(loadConfig({}).stripe).toBeNull();
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abcdefghij12', STRIPE_WEBHOOK_SECRET: 'whsec_abcdefghij12' };
    expect(loadConfig(keys).stripe).toEqual({
      secretKey: keys.STRIPE_SECRET_KEY,
      webhookSecret: keys.STRIPE_WEBHOOK_SECRET,
    });
    expect(loadConfig({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripe?.api).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(loadConfig({ ...keys, STRIPE_API_BASE: 'https://stripe.internal' }).stripe?.api).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(
      /set both to take card payments, or neither/,
    );
    expect(() => loadConfig({ ...keys, STRIPE_SECRET_KEY: 'pk_live_abcdefghij12' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() => loadConfig({ ...keys, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: must be the webhook/,
    );
    expect(() => loadConfig({ ...keys, STRIPE_API_BASE: 'ftp://x' })).toThrow(/STRIPE_API_BASE:/);
    // The key is never echoed back in the error.
    expect(() => loadConfig({ ...keys, STRIPE_SECRET_KEY: 'sk_live_short' })).not.toThrow(/sk_live_short/);
  });

  it('requires CSRF_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/CSRF_SECRET: is required in production/);
    expect(loadConfig({ NODE_ENV: 'production', CSRF_SECRET: secret }).csrfSecretGenerated).toBe(false);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', PUBLIC_URL: 'ftp://x', CSRF_SECRET: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'LOG_LEVEL', 'PUBLIC_URL', 'CSRF_SECRET']) expect(problems).toContain(`${name}:`);
    }
  });

  it('turns mail on only when SMTP_URL is set, with its sender and the shop address', () => {
    expect(loadConfig({}).mail).toBeNull();
    expect(loadConfig({ MAIL_FROM: 'orders@shop.example' }).mail).toBeNull();
    const config = loadConfig({
      SMTP_URL: 'smtps://orders:secret@mail.shop.example:465',
      MAIL_FROM: 'Seenwear <orders@shop.example>',
      SHOP_EMAIL: 'team@shop.example',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://orders:secret@mail.shop.example:465',
      from: 'Seenwear <orders@shop.example>',
      shopEmail: 'team@shop.example',
    });
  });

  it('requires MAIL_FROM and SHOP_EMAIL with SMTP_URL, reported with the other problems', () => {
    try {
      loadConfig({ SMTP_URL: 'smtp://mail.shop.example:587', PORT: 'eighty' });
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems;
      expect(problems).toContain('MAIL_FROM: is required when SMTP_URL is set');
      expect(problems).toContain('SHOP_EMAIL: is required when SMTP_URL is set');
      expect(problems.some((line) => line.startsWith('PORT:'))).toBe(true);
    }
  });

  it('rejects mail settings that are not an SMTP address or a mailbox, without echoing the password', () => {
    try {
      loadConfig({ SMTP_URL: 'https://user:hunter2@mail.example', MAIL_FROM: 'Seenwear', SHOP_EMAIL: 'team' });
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['SMTP_URL', 'MAIL_FROM', 'SHOP_EMAIL']) expect(problems).toContain(`${name}:`);
      expect(problems).not.toContain('hunter2');
    }
    for (const from of ['orders@shop.example', '"Seenwear, Springfield" <orders@shop.example>']) {
      const config = loadConfig({
        SMTP_URL: 'smtp://127.0.0.1:2525',
        MAIL_FROM: from,
        SHOP_EMAIL: 'team@shop.example',
      });
      expect(config.mail?.from).toBe(from);
    }
  });

  it('keeps submissions under ./var unless DATABASE_DIR says otherwise, as an absolute path', () => {
    expect(loadConfig({}).databaseDir).toBe(resolve('var'));
    expect(loadConfig({ DATABASE_DIR: '' }).databaseDir).toBe(resolve('var'));
    expect(loadConfig({ DATABASE_DIR: '/srv/seenwear' }).databaseDir).toBe('/srv/seenwear');
    expect(loadConfig({ DATABASE_DIR: 'data/live' }).databaseDir).toBe(resolve('data/live'));
  });

  it('refuses the old DATA_DIR by name, so a deployment never starts on an empty database beside its own', () => {
    expect(() => loadConfig({ DATA_DIR: '/srv/seenwear' })).toThrow(/DATA_DIR: was renamed DATABASE_DIR/);
    expect(() => readDatabaseDir({ DATA_DIR: '/srv/seenwear' })).toThrow(/DATA_DIR: was renamed DATABASE_DIR/);
  });

  it("gives the operators' CLI the same DATABASE_DIR without the server's other settings", () => {
    // Production without CSRF_SECRET would stop the server, but the CLI only needs the directory.
    expect(readDatabaseDir({ NODE_ENV: 'production' })).toBe(resolve('var'));
    expect(readDatabaseDir({ DATABASE_DIR: '/srv/seenwear', NODE_ENV: 'production' })).toBe('/srv/seenwear');
    expect(readDatabaseDir({ DATABASE_DIR: '' })).toBe(resolve('var'));
  });

  it('selects PostgreSQL with DATABASE_URL, keeps SQLite without it, and never echoes the password', () => {
    expect(loadConfig({}).databaseUrl).toBeNull();
    const url = 'postgres://seenwear:s3cret-pw@db.internal:5432/seenwear';
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/seenwear' }).databaseUrl).toBe('postgresql://db/seenwear');
    expect(readStorageLocation({ DATABASE_URL: url, NODE_ENV: 'production' })).toEqual({ databaseUrl: url });
    expect(readStorageLocation({ DATABASE_URL: '', DATABASE_DIR: '/srv/seenwear' })).toEqual({
      databaseDir: '/srv/seenwear',
    });
    const problems = () => loadConfig({ DATABASE_URL: 'mysql://seenwear:s3cret-pw@db/seenwear' });
    expect(problems).toThrow(/DATABASE_URL: must be a postgres:\/\/ address/);
    expect(problems).not.toThrow(/s3cret-pw/);
    expect(() => readStorageLocation({ DATABASE_URL: 'mysql://db' })).toThrow(/DATABASE_URL: must be a postgres/);
  });

  it('drops a trailing slash from PUBLIC_URL and treats empty variables as unset', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
    expect(loadConfig({ PORT: '', PUBLIC_URL: '' }).port).toBe(3000);
  });
});
