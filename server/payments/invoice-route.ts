import type { Request, RequestHandler } from 'express';
import createHttpError from 'http-errors';
import type { CustomerStore } from '#server/customer/customer-store.ts';
import type { MoneyReads } from '#server/requests/money-of.ts';
import type { InvoiceRenderOptions, InvoiceView } from '#shared/payments/invoice-contract.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import type { SiteConfig } from '#shared/site-data.ts';
import { type IssuedTerms, invoiceView } from './invoice-view.ts';

/** What an invoice page is built from, on the customer's page and on the desk alike. */
export interface InvoicePageOptions extends MoneyReads {
  /** The invoice's customer and the approval it dates from. */
  customer: Pick<CustomerStore, 'getCustomerRequest' | 'approvalsOf'>;
  shop: () => Pick<SiteConfig, 'appName' | 'contact' | 'address'>;
  prices: () => PricingData;
  renderInvoice: (view: InvoiceView, options: InvoiceRenderOptions) => Promise<string>;
  stylesheets: () => readonly string[];
  /** The invoice's number as the books issued it (once, without gaps). */
  invoiceNumber?: (reference: string, quoteVersion: number) => Promise<string | undefined>;
  /** The terms the books issued the invoice with. */
  invoiceTerms?: (reference: string, quoteVersion: number) => Promise<IssuedTerms | undefined>;
}

/** Which request's invoice an address asks for, and the way back from it to where it was opened. */
export type InvoiceAddress = (req: Request) => { reference: string; back: { path: string; label: string } };

/**
 * The invoice of a request's approved quote as a printable page; 404 before a quote is approved. The
 * customer's page and the desk show the same invoice and differ only in the way back; whoever may open
 * it is the router's check, made before this. An invoice names a customer and their money: it is never
 * cached nor indexed.
 */
export function showInvoice(options: InvoicePageOptions, address: InvoiceAddress): RequestHandler {
  return async (req, res) => {
    const { reference, back } = address(req);
    const prices = options.prices();
    const { customer, versions, payments, books } = options;
    const view = await invoiceView(
      { customer, versions, payments, books },
      {
        reference,
        shop: options.shop(),
        taxStatement: prices['order-terms'].salesTax.statement,
        timeZone: prices['order-terms'].timeZone,
        back,
        numberOf: options.invoiceNumber,
        termsOf: options.invoiceTerms,
      },
    );
    if (!view) throw createHttpError(404, 'There is no invoice yet: it comes with the approved quote.');
    const html = await options.renderInvoice(view, {
      timeZone: prices['order-terms'].timeZone,
      stylesheets: options.stylesheets(),
    });
    res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' }).type('html').send(html);
  };
}
