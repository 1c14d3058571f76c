import { readJson } from '#server/storage/schema.ts';

/**
 * A request's stored form fields (the `form_values` column, JSON) as the form's strings; undefined for a
 * request sent before the form's fields were kept.
 */
export function formValuesFrom(
  stored: string | Record<string, unknown> | null | undefined,
): Record<string, string> | undefined {
  if (!stored) return undefined;
  return Object.fromEntries(
    Object.entries(readJson(stored)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
