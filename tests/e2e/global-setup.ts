import { existsSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from '#tests/support/chromium.ts';
import { HTML_AS_SENT_DIR } from '#tests/support/html-as-sent.ts';
import { htmlErrors, htmlFilesIn } from '#tests/support/html-checker.ts';
import { startServer } from '#tests/support/server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One production server for the browser tests; `npm test` builds it first. */
export default async function setup(project: TestProject) {
  if (!existsSync('dist/server/entry-server.js') || !existsSync('dist/client/.vite/manifest.json')) {
    throw new Error('The production build is missing: run "npm run build" (npm test does it before the tests).');
  }
  // The pages the tests open are kept as sent, and checked as HTML once they are all done.
  rmSync(HTML_AS_SENT_DIR, { recursive: true, force: true });
  // Found (or installed) once, before any test, and handed to the test files through the environment.
  process.env.CHROMIUM_PATH = await chromiumPath();
  const server = await startServer();
  project.provide('baseUrl', server.url);
  return async () => {
    const code = await server.stop();
    const problems = server
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    if (code !== 0) throw new Error(`The server exited with ${code} after the browser tests:\n${server.output()}`);
    // A 5xx or a render error during the browser tests fails the run even when every page looked right.
    if (problems.length > 0)
      throw new Error(`The server logged errors during the browser tests:\n${problems.join('\n')}`);
    // Every page the journeys reached, as the server sent it, has no error for the W3C's Nu HTML Checker.
    const pages = htmlFilesIn(HTML_AS_SENT_DIR);
    const invalid = await htmlErrors(pages);
    if (invalid.length > 0)
      throw new Error(
        `The HTML checker found ${invalid.length} errors in the pages the browser tests opened:\n${invalid.join('\n')}`,
      );
    process.stdout.write(`html checker: ${pages.length} distinct pages as sent, no errors\n`);
  };
}
