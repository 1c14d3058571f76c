import type { Submission } from '#server/submissions/submission-store.ts';
import { isRecord } from '#shared/is-record.ts';

/**
 * A submission's stored fields as people read them, in the shop's mail and on the staff desk: labels
 * made from the keys, lists and nested records indented, empty values "(not given)".
 */

export function detailsOf(submission: Pick<Submission, 'payload' | 'name' | 'email'>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(submission.payload).filter(
      ([key, value]) =>
        !(key === 'name' && value === submission.name) && !(key === 'email' && value === submission.email),
    ),
  );
}

export function formatFields(fields: Record<string, unknown>, indent: string): string[] {
  const entries = Object.entries(fields);
  if (entries.length === 0) return [`${indent}(none)`];
  return entries.flatMap(([key, value]) => formatEntry(`${humanize(key)}:`, value, indent));
}

/** `heading` is "Label:" for a field and "2." for an item of a list. */
export function formatEntry(heading: string, value: unknown, indent: string): string[] {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${indent}${heading} (none)`];
    if (value.every(isInline)) return [`${indent}${heading} ${value.map(formatScalar).join(', ')}`];
    return [`${indent}${heading}`, ...value.flatMap((item, index) => formatEntry(`${index + 1}.`, item, inner))];
  }
  if (isRecord(value)) return [`${indent}${heading}`, ...formatFields(value, inner)];
  if (typeof value === 'string' && value.includes('\n')) {
    return [`${indent}${heading}`, ...value.split(/\r?\n/).map((line) => `${inner}${line}`)];
  }
  return [`${indent}${heading} ${formatScalar(value)}`];
}

function isInline(value: unknown): boolean {
  return !isRecord(value) && !Array.isArray(value) && !(typeof value === 'string' && value.includes('\n'));
}

function formatScalar(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(not given)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** "garmentCount", "print_size" or "due-date" -> "Garment count", "Print size", "Due date". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}
