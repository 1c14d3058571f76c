import type { Page } from 'playwright-core';

/**
 * Holds back the scripts whose paths match until the returned function is called: how a browser test
 * reaches the moment between the server's HTML and an island's code (client/components/island.tsx).
 */
export async function holdChunks(page: Page, pattern: RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => pattern.test(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}
