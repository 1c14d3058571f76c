import { describe, expect, it } from 'vitest';
import { type ChromiumEnvironment, findChromium } from './chromium.ts';

/** A machine where only `runs` start; every step the finder takes is recorded in `calls`. */
function machine(overrides: Partial<ChromiumEnvironment> & { runs?: string[]; packaged?: string }) {
  const calls: string[] = [];
  const runs = new Set(overrides.runs ?? []);
  const environment: ChromiumEnvironment = {
    env: {},
    platform: 'linux',
    arch: 'x64',
    isRoot: false,
    isDebian: true,
    systemPaths: [],
    packagedChromium: async () => {
      calls.push('inflate @sparticuz/chromium');
      if (!overrides.packaged) throw new Error('not installed');
      return overrides.packaged;
    },
    probe: async (executable) => {
      calls.push(`probe ${executable}`);
      if (!runs.has(executable)) {
        throw new Error('error while loading shared libraries: libnspr4.so: cannot open shared object file');
      }
      return 'Chromium 153.0.8010.0';
    },
    installDebianChromium: () => {
      calls.push('apt-get install chromium');
      runs.add('/usr/bin/chromium');
    },
    log: (line) => calls.push(`log ${line}`),
    ...overrides,
  };
  return { environment, calls };
}

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first and looks no further', async () => {
    const { environment, calls } = machine({
      env: { CHROMIUM_PATH: '/opt/chrome/chrome' },
      systemPaths: ['/usr/bin/chromium'],
      runs: ['/opt/chrome/chrome', '/usr/bin/chromium'],
    });
    await expect(findChromium(environment)).resolves.toBe('/opt/chrome/chrome');
    expect(calls).toEqual(['probe /opt/chrome/chrome']);
  });

  it('fails on a CHROMIUM_PATH that does not run instead of quietly taking another browser', async () => {
    const { environment } = machine({ env: { CHROMIUM_PATH: '/nope/chrome' }, systemPaths: ['/usr/bin/chromium'] });
    await expect(findChromium(environment)).rejects.toThrow(/CHROMIUM_PATH=\/nope\/chrome does not run: .*libnspr4/);
  });

  it("then the machine's own Chrome or Chromium, skipping one that does not start", async () => {
    const { environment, calls } = machine({
      systemPaths: ['/usr/bin/chromium-browser', '/usr/bin/google-chrome'],
      runs: ['/usr/bin/google-chrome'],
      packaged: '/tmp/chromium',
    });
    await expect(findChromium(environment)).resolves.toBe('/usr/bin/google-chrome');
    expect(calls).toEqual(['probe /usr/bin/chromium-browser', 'probe /usr/bin/google-chrome']);
  });

  it('then, on Linux x64, the Chromium @sparticuz/chromium ships', async () => {
    const { environment, calls } = machine({ packaged: '/tmp/chromium', runs: ['/tmp/chromium'], isRoot: true });
    await expect(findChromium(environment)).resolves.toBe('/tmp/chromium');
    expect(calls).toEqual(['inflate @sparticuz/chromium', 'probe /tmp/chromium']);
  });

  it("then, as root on Debian, installs Debian's chromium and says so", async () => {
    const { environment, calls } = machine({ packaged: '/tmp/chromium', isRoot: true });
    await expect(findChromium(environment)).resolves.toBe('/usr/bin/chromium');
    expect(calls.filter((call) => !call.startsWith('log'))).toEqual([
      'inflate @sparticuz/chromium',
      'probe /tmp/chromium',
      'apt-get install chromium',
      'probe /usr/bin/chromium',
    ]);
    const said = calls.filter((call) => call.startsWith('log')).join('\n');
    expect(said).toMatch(/libnspr4/);
    expect(said).toMatch(/apt-get update && apt-get install -y chromium/);
  });

  it('fails loudly with what it tried and the install command when nothing runs', async () => {
    const { environment, calls } = machine({ packaged: '/tmp/chromium', isRoot: false });
    const failure = findChromium(environment);
    await expect(failure).rejects.toThrow(/no Chrome or Chromium on this machine/);
    await expect(failure).rejects.toThrow(/@sparticuz\/chromium: error while loading shared libraries: libnspr4\.so/);
    await expect(failure).rejects.toThrow(/apt-get update && apt-get install -y chromium.*CHROMIUM_PATH/);
    expect(calls).not.toContain('apt-get install chromium');
  });

  it('does not install as root on a machine that is not Debian', async () => {
    const { environment, calls } = machine({ isRoot: true, isDebian: false });
    await expect(findChromium(environment)).rejects.toThrow(/No Chromium runs on this machine/);
    expect(calls).not.toContain('apt-get install chromium');
  });

  it('tries the packaged Chromium only on Linux x64', async () => {
    const { environment, calls } = machine({ platform: 'darwin', arch: 'arm64', packaged: '/tmp/chromium' });
    await expect(findChromium(environment)).rejects.toThrow(/only for Linux x64 \(this is darwin arm64\)/);
    expect(calls).toEqual([]);
  });
});
