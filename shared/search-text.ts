/**
 * Text folded for a search that ignores case and accents: "Castañeda" and "CASTANEDA" both become
 * "castaneda". Compatibility decomposition (NFKD) also folds ligatures and full-width letters; the
 * combining marks it splits off are then dropped. Used where a request is stored (its search column) and
 * on the words searched, so both sides fold the same way whatever the database's collation.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** What a request is found by on the desk: its reference, name, e-mail and company, folded. */
export function requestSearchText(fields: { reference: string; name: string; email: string; company?: unknown }) {
  const company = typeof fields.company === 'string' ? fields.company : '';
  return foldForSearch([fields.reference, fields.name, fields.email, company].join('\n'));
}
