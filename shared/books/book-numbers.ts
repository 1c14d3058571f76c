/**
 * How the books' numbers read on paper and in exports: a prefix and six digits, so they sort as text
 * the way they were issued. The number stored is the plain integer; this is only its face.
 */
export function invoiceNumberText(number: number): string {
  return `INV-${String(number).padStart(6, '0')}`;
}

export function creditNoteNumberText(number: number): string {
  return `CN-${String(number).padStart(6, '0')}`;
}

/** The integer behind a credit note's face (CN-000012 or 12); undefined when it is not one. */
export function readCreditNoteNumber(text: string): number | undefined {
  const match = /^(?:CN-)?(\d{1,9})$/i.exec(text.trim());
  if (!match) return undefined;
  const number = Number(match[1]);
  return number > 0 ? number : undefined;
}

/** The integer behind an invoice's face (INV-000042 or 42); undefined when it is not one. */
export function readInvoiceNumber(text: string): number | undefined {
  const match = /^(?:INV-)?(\d{1,9})$/i.exec(text.trim());
  if (!match) return undefined;
  const number = Number(match[1]);
  return number > 0 ? number : undefined;
}
