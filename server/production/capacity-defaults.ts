import { readFileSync } from 'node:fs';
import { capacitySchema } from '#shared/production/capacity-schema.ts';
import type { Capacity } from '#shared/production/production-load.ts';

const defaultsFile = new URL('../../data/capacity.json', import.meta.url);

/**
 * The shop's capacity before anyone changes it on the desk: data/capacity.json, checked at start so a
 * broken file stops the server rather than promising dates from nonsense.
 */
export function readCapacityDefaults(file: URL = defaultsFile): Capacity {
  const parsed = capacitySchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const problem = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`data/capacity.json is not valid: ${problem}`);
  }
  return parsed.data;
}
