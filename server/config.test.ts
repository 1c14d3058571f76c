import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const secret = 'a'.repeat(64);

describe('loadConfig', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', port: 3000, host: '0.0.0.0', logLevel: 'info' });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.csrfSecretGenerated).toBe(true);
    expect(config.csrfSecret).toHaveLength(64);
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

  it('drops a trailing slash from PUBLIC_URL and treats empty variables as unset', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
    expect(loadConfig({ PORT: '', PUBLIC_URL: '' }).port).toBe(3000);
  });
});
