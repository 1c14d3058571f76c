import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from '#shared/zod.ts';

const rulesFile = new URL('../../data/team-stores.json', import.meta.url);

/** What the shop lets a store's organiser do by themselves (data/team-stores.json). */
const storeShopRulesSchema = z
  .object({
    /**
     * The latest an organiser may move the close, counted in days from the store's opening: a store's
     * shop price was worked out for a run in those weeks, and a card saved months earlier is more often
     * refused at the close. The desk can still move it further.
     */
    organiserLatestCloseDays: z.number().int().min(1).max(90),
    /** Whether an organiser may open a store from their own request page; off unless the shop says so. */
    organisersOpenStores: z.boolean(),
  })
  .strict();

export type StoreShopRules = z.infer<typeof storeShopRulesSchema>;

/**
 * The file read at start (data/team-stores.json, or TEAM_STORES_FILE's), checked: a missing or broken file
 * stops the server rather than letting organisers do anything.
 */
export function readStoreShopRules(file: URL = rulesFile): StoreShopRules {
  const parsed = storeShopRulesSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const problem = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`${fileURLToPath(file)} is not valid: ${problem}`);
  }
  return parsed.data;
}
