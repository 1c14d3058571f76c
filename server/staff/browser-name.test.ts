import { describe, expect, it } from 'vitest';
import { browserName } from './browser-name.ts';

describe('browserName', () => {
  it('names the browser, its major version and the system, as a person would', () => {
    const cases: [string, string][] = [
      [
        'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        'Chrome 131 on Android',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
        'Safari 18 on iOS',
      ],
      // Chrome on an iPhone is WebKit underneath, and says Safari too: it is still Chrome to the customer.
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
        'Chrome 131 on iOS',
      ],
      // Edge and Samsung Internet carry "Chrome/" in their strings.
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
        'Microsoft Edge 131 on Windows',
      ],
      [
        'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
        'Samsung Internet 26 on Android',
      ],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 on macOS'],
    ];
    for (const [userAgent, name] of cases) expect(browserName(userAgent), userAgent).toBe(name);
  });

  it('names nothing it does not know, and nothing for an empty string', () => {
    expect(browserName('')).toBeUndefined();
    expect(browserName('   ')).toBeUndefined();
    expect(browserName('not a browser at all')).toBeUndefined();
  });
});
