import type { QuoteTerms } from '#shared/requests/quote.ts';
import type { TestStorage } from './test-storage.ts';

/** The quote most money tests start from: $400 of prints, $25 of tax, half as a deposit. */
const fourHundredDollarQuote: QuoteTerms = {
  lines: [
    { label: 'Front print', quantity: 40, unitCents: 1000 },
    { label: 'Sales tax 6.25%', quantity: 1, unitCents: 2500 },
  ],
  notes: '',
  validUntil: '2099-01-31',
  depositPercent: 50,
};

/** Who asks, what they typed, the quote the desk sends and who sends it; each has a default. */
export interface ApprovedQuoteOptions {
  name?: string;
  email?: string;
  payload?: Record<string, unknown>;
  terms?: QuoteTerms;
  staff?: string;
}

/**
 * A quote request as the money starts from: the visitor asks, the desk sends quote v1, and the customer
 * approves it. Returns the request's reference.
 */
export async function approvedQuote(storage: TestStorage, options: ApprovedQuoteOptions = {}): Promise<string> {
  const name = options.name ?? 'Dana Whitfield';
  const { reference } = await storage.submissions.saveSubmission({
    kind: 'quote',
    name,
    email: options.email ?? 'dana@example.com',
    payload: options.payload ?? { name },
    files: [],
  });
  await storage.versions.sendQuote(reference, options.terms ?? fourHundredDollarQuote, {
    from: 'new',
    to: 'quoted',
    actor: `staff:${options.staff ?? 'owner@seenwear.example'}`,
    mail: (version) => ({ kind: 'quote-sent', version }),
  });
  await storage.customer.decideVersion(
    reference,
    {
      subject: 'quote',
      version: 1,
      decision: 'approved',
      name: name.split(' ')[0] ?? name,
      comment: '',
      ip: '',
      userAgent: '',
    },
    () => ({ ok: true, to: 'approved' }),
  );
  return reference;
}
