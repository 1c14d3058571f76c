import { type Logger, pino } from 'pino';
import { redactedPaths } from '#server/logger.ts';

export interface MemoryLogger {
  logger: Logger;
  /** Every line written so far, parsed, oldest first. */
  lines: Record<string, unknown>[];
}

/**
 * A pino logger whose lines a test reads back. It redacts what the production logger redacts, so
 * what a test sees in `lines` is what an operator would see on stdout.
 */
export function memoryLogger({ level = 'info' }: { level?: pino.LevelWithSilent } = {}): MemoryLogger {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level, redact: { paths: redactedPaths, censor: '[redacted]' } },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}
