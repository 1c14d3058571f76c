import { afterEach, vi } from 'vitest';

/** A console.error during a test is a bug (React warnings included): the test fails. */
let errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length > 0)
    throw new Error(`console.error was called:\n${seen.map((args) => args.map(String).join(' ')).join('\n')}`);
});
