import type { SubmissionKind } from '#server/storage/schema.ts';
import { formatMoney } from '#shared/money.ts';
import { pluralize } from '#shared/plural.ts';
import { depositOf, type QuoteTerms, quoteTotal } from '#shared/requests/quote.ts';
import type { MailLook, SummaryRow } from './mail-draft.ts';

/**
 * What was ordered, in a line, from the stored request's choices (server/submissions/quote-payload.ts
 * stores the service and garment by their names): "48 pieces · Screen printing · Standard cotton tee".
 * Only numbers and the shop's own names, never a field the customer typed; undefined when the request
 * holds none of them (a contact message, a request stored in another shape).
 */
function orderLine(payload: Record<string, unknown>): string | undefined {
  const { quantity, service, garment } = payload;
  const parts = [
    ...(typeof quantity === 'number' && Number.isInteger(quantity) && quantity > 0
      ? [pluralize(quantity, 'piece')]
      : []),
    ...(typeof service === 'string' && service.trim() ? [service.trim()] : []),
    ...(typeof garment === 'string' && garment.trim() ? [garment.trim()] : []),
  ];
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** A quote's figures as the mails give them: the total, and the deposit with its share. */
function quoteRows(quote: QuoteTerms): SummaryRow[] {
  const total = quoteTotal(quote.lines);
  return [
    { label: 'Total', value: formatMoney(total) },
    {
      label: 'Deposit',
      value: `${formatMoney(depositOf(total, quote.depositPercent))} (${quote.depositPercent}%)`,
    },
  ];
}

/**
 * The HTML part's extras of a mail to a customer about their request: the reference and the order in
 * the summary box, then what this mail is about (`rows`), then the quote's figures; the page's link as
 * a button when the mail carries it.
 */
export function customerLook({
  reference,
  request,
  rows = [],
  quote,
  link,
  label = 'Open your private page',
  image,
}: {
  reference: string;
  /** The stored request, for its order line (a quote request's alone); none for a mail that sums nothing up. */
  request?: { kind: SubmissionKind; payload: Record<string, unknown> };
  rows?: SummaryRow[];
  quote?: QuoteTerms;
  link?: string;
  label?: string;
  image?: MailLook['image'];
}): MailLook {
  const order = request?.kind === 'quote' ? orderLine(request.payload) : undefined;
  return {
    ...(request
      ? {
          summary: [
            { label: 'Reference', value: reference },
            ...(order ? [{ label: 'Order', value: order }] : []),
            ...rows,
            ...(quote ? quoteRows(quote) : []),
          ],
        }
      : {}),
    ...(link ? { button: { href: link, label } } : {}),
    ...(image ? { image } : {}),
  };
}
