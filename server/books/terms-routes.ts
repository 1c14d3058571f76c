import { type RequestHandler, Router } from 'express';
import createHttpError from 'http-errors';
import { noSuchRequest, referenceOf, staffOf, textField } from '#server/http/desk-request.ts';
import { invoiceNumberText } from '#shared/books/book-numbers.ts';
import { invoiceDueOn, MAX_PO_NUMBER, type NetDays, netDayChoices, termsLabel } from '#shared/books/invoice-terms.ts';
import type { DeskInvoiceTerms } from '#shared/desk-contract.ts';
import { z } from '#shared/zod.ts';
import type { BooksStore } from './books-store.ts';

/** What the desk's terms form answers, by the `done` the page is sent back with. */
export const termsNotices = {
  'terms-set': {
    type: 'success',
    text: 'Payment terms saved: the next invoice issued for this request carries them.',
  },
} as const;

const termsSchema = z.object({
  net: z
    .string()
    .transform(Number)
    .refine((value): value is NetDays => (netDayChoices as readonly number[]).includes(value), {
      message: `Choose the terms: due on receipt, or net ${netDayChoices.slice(1).join(', ')} days.`,
    }),
  po: z.string().trim().max(MAX_PO_NUMBER, `Keep the purchase-order number to ${MAX_PO_NUMBER} characters.`),
});

/** The desk sets a request's payment terms and purchase-order number for its next invoice. */
function setTerms(books: Pick<BooksStore, 'setTerms'>): RequestHandler {
  return async (req, res) => {
    const reference = referenceOf(req);
    const read = termsSchema.safeParse({ net: textField(req.body, 'net'), po: textField(req.body, 'po') });
    if (!read.success) throw createHttpError(422, read.error.issues.map((issue) => issue.message).join(' '));
    const { net, po } = read.data;
    const saved = await books.setTerms(reference, {
      netDays: net as NetDays,
      poNumber: po,
      actor: `staff:${staffOf(res)}`,
    });
    if (!saved) throw noSuchRequest();
    req.log.info({ reference, netDays: net, reason: 'terms_set' }, 'payment terms set');
    res.redirect(303, `/staff/requests/${reference}?done=terms-set#terms`);
  };
}

/**
 * The terms card of the desk's request page: the setting for the next invoice, and the newest invoice's
 * terms as it was issued (they stay whatever the setting becomes). Undefined: no such request. It reads
 * the invoices issued so far without posting the books: the page is opened far more often than they.
 */
export async function deskTermsView(
  books: Pick<BooksStore, 'termsOf' | 'invoicesIssuedOf'>,
  reference: string,
  timeZone: string,
): Promise<DeskInvoiceTerms | undefined> {
  const [setting, invoices] = await Promise.all([books.termsOf(reference), books.invoicesIssuedOf(reference)]);
  if (!setting) return undefined;
  const newest = invoices.at(-1);
  return {
    netDays: setting.netDays,
    poNumber: setting.poNumber,
    choices: netDayChoices.map((value) => ({ value, label: termsLabel(value) })),
    action: `/staff/requests/${reference}/terms`,
    invoices: invoices.map((invoice) => invoiceNumberText(invoice.number)),
    ...(newest
      ? {
          issued: {
            number: invoiceNumberText(newest.number),
            terms: termsLabel(newest.netDays),
            due: invoiceDueOn(newest.issuedAt, newest.netDays, timeZone),
            ...(newest.poNumber ? { poNumber: newest.poNumber } : {}),
          },
        }
      : {}),
  };
}

/** The terms form's route. Staff only: the app mounts it behind the desk's staff gate and its CSRF gate. */
export function termsRoutes(books: Pick<BooksStore, 'setTerms'>): Router {
  const router = Router();
  router.post('/staff/requests/:reference/terms', setTerms(books));
  return router;
}
