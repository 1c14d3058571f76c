/** One line of a sent quote, its amounts formatted ("$12.50"). */
interface QuoteLineView {
  label: string;
  quantity: number;
  unit: string;
  total: string;
}

/**
 * A sent quote version as the shop's pages show it, amounts already formatted. The desk lists every
 * version (with who sent it), the customer's page the newest (with what it says of sales tax); each adds
 * where the version stands for its reader and the approval it shows.
 */
export interface QuoteView {
  version: number;
  lines: QuoteLineView[];
  total: string;
  depositPercent: number;
  deposit: string;
  /** YYYY-MM-DD. */
  validUntil: string;
  notes: string;
  sentAt: string;
}
