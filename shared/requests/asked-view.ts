/**
 * What a customer asked for, as their own page ("What you asked for") and the desk ("What they sent")
 * both show it: built on the server (server/requests/request-details.ts), drawn by one component
 * (client/components/asked-details.tsx), so the two sides never read it differently.
 */

/** One field they filled in, labelled as the form labels it, its value ready to read. */
export interface AskedDetail {
  label: string;
  value: string;
}

/** The website's estimate when they sent it. */
export interface AskedEstimate {
  /**
   * Its lines and total, when the pricing engine still gives the figures the customer saw then (same
   * prices, same terms); otherwise only the words they read.
   */
  figures?: { lines: { label: string; quantity: number; unit: string; total: string }[]; total: string };
  /** Per piece, the schedule and the sales tax beside the figures; or, without figures, the estimate's words. */
  notes: string[];
  /** Priced again for the sizes a closed group order wrote into the request, not the count first sent. */
  forGroup?: boolean;
}

export interface AskedView {
  details: AskedDetail[];
  estimate?: AskedEstimate;
}
