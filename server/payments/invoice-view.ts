import type { CustomerStore } from '#server/customer/customer-store.ts';
import { type MoneyReads, moneyOf } from '#server/requests/money-of.ts';
import { addCalendarDays, invoiceDueOn, termsLabel } from '#shared/books/invoice-terms.ts';
import { quoteTaxRows } from '#shared/books/quote-tax.ts';
import { taxClassLabels } from '#shared/books/sales-tax-rules.ts';
import { dayIn } from '#shared/desk-format.ts';
import { letterheadOf } from '#shared/letterhead.ts';
import { formatMoney } from '#shared/money.ts';
import type { InvoiceView } from '#shared/payments/invoice-contract.ts';
import { isTaxLine, type QuoteLine, quoteTaxCents, taxWords } from '#shared/requests/quote.ts';
import type { SiteConfig } from '#shared/site-data.ts';
import { methodLabels, purposeLabels } from './payment-mail.ts';

/** The tax per jurisdiction, when the tax rules counted it: the quote's own lines, as they were sent. */
function jurisdictionRows(lines: readonly QuoteLine[]): Pick<InvoiceView['tax'], 'byJurisdiction'> {
  const rows = quoteTaxRows(lines);
  return rows.length === 0
    ? {}
    : { byJurisdiction: rows.map((row) => ({ label: row.label, amount: formatMoney(row.cents) })) };
}

/** An issued invoice's terms, as the books keep them. */
export interface IssuedTerms {
  issuedAt: Date;
  netDays: number;
  poNumber: string;
}

/** "Check #1234" for a check whose number the desk recorded; the way of paying otherwise. */
function paidBy(payment: { method: keyof typeof methodLabels; checkNumber?: string }): string {
  return payment.method === 'check' && payment.checkNumber
    ? `Check #${payment.checkNumber}`
    : methodLabels[payment.method];
}

function termsView(terms: IssuedTerms, balanceCents: number, timeZone: string, now: Date): InvoiceView['terms'] {
  const due = invoiceDueOn(terms.issuedAt, terms.netDays, timeZone);
  const today = dayIn(now.toISOString(), timeZone);
  return {
    label: termsLabel(terms.netDays),
    due,
    ...(terms.poNumber ? { poNumber: terms.poNumber } : {}),
    // Due on receipt is the shop's ordinary way (a deposit, then the rest at hand-over): never "overdue".
    ...(terms.netDays > 0 && balanceCents > 0 && today > due ? { overdueSince: addCalendarDays(due, 1) } : {}),
  };
}

/**
 * The invoice of a request's approved quote, with what was paid and refunded; undefined before a
 * quote is approved (there is nothing to invoice). The tax line is the quote's own sales-tax lines:
 * the money the customer is asked for is exactly the quote's, so the invoice never adds to it.
 */
export async function invoiceView(
  reads: MoneyReads & { customer: Pick<CustomerStore, 'getCustomerRequest'> },
  {
    reference,
    shop,
    taxStatement,
    timeZone,
    back,
    numberOf,
    termsOf,
    now = new Date(),
  }: {
    reference: string;
    /** The number the books issued the invoice under; the old per-version text where there are no books. */
    numberOf?: ((reference: string, quoteVersion: number) => Promise<string | undefined>) | undefined;
    /** The terms the books issued the invoice with (its issue moment, days to pay, PO number). */
    termsOf?: ((reference: string, quoteVersion: number) => Promise<IssuedTerms | undefined>) | undefined;
    /** Today, for the overdue flag. */
    now?: Date;
    shop: Pick<SiteConfig, 'appName' | 'contact' | 'address'>;
    taxStatement: string;
    timeZone: string;
    back: { path: string; label: string };
  },
): Promise<InvoiceView | undefined> {
  const [request, { money, payments, quote }, approvals] = await Promise.all([
    reads.customer.getCustomerRequest(reference),
    moneyOf(reads, reference),
    reads.customer.approvalsOf(reference),
  ]);
  if (!request || !money || !quote) return undefined;
  const approval = approvals.findLast(
    (item) => item.subject === 'quote' && item.version === quote.version && item.decision === 'approved',
  );
  const taxCents = quoteTaxCents(quote.lines);
  const company = typeof request.payload.company === 'string' ? request.payload.company.trim() : '';
  const [issued, terms] = await Promise.all([
    numberOf?.(reference, quote.version),
    termsOf?.(reference, quote.version),
  ]);
  const balanceCents = Math.max(0, money.balanceCents);
  return {
    number: issued ?? `INV-${reference.slice(2)}-${quote.version}`,
    reference,
    issued: dayIn((approval?.at ?? quote.sentAt).toISOString(), timeZone),
    shop: letterheadOf(shop),
    customer: { name: request.name, email: request.email, ...(company ? { company } : {}) },
    lines: quote.lines
      .filter((line) => !isTaxLine(line))
      .map((line) => ({
        label: line.label,
        quantity: line.quantity,
        unit: formatMoney(line.unitCents),
        total: formatMoney(line.quantity * line.unitCents),
        ...(line.taxClass && line.taxCents !== undefined
          ? { tax: { className: taxClassLabels[line.taxClass], amount: formatMoney(line.taxCents) } }
          : {}),
      })),
    subtotal: formatMoney(quote.totalCents - taxCents),
    tax: {
      amount: formatMoney(taxCents),
      statement: taxWords(quote.lines, taxStatement),
      ...jurisdictionRows(quote.lines),
    },
    total: formatMoney(money.totalCents),
    ...(money.discountCents > 0 ? { discount: formatMoney(money.discountCents) } : {}),
    payments: payments
      .filter((item) => item.state === 'succeeded')
      .map((item) => ({
        at: item.at.toISOString(),
        what: item.kind === 'refund' ? 'Refund' : `${purposeLabels[item.purpose]} · ${paidBy(item)}`,
        amount: formatMoney(item.amountCents),
        refund: item.kind === 'refund',
      })),
    paid: formatMoney(money.paidCents),
    balanceDue: formatMoney(balanceCents),
    ...(terms ? { terms: termsView(terms, balanceCents, timeZone, now) } : {}),
    backPath: back.path,
    backLabel: back.label,
  };
}
