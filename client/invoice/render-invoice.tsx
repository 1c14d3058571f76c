import { renderToStaticMarkup } from 'react-dom/server';
import { ShopTimeZoneProvider } from '#client/components/shop-time.tsx';
import type { InvoiceRenderOptions, InvoiceView } from '#shared/payments/invoice-contract.ts';
import { InvoicePage } from './invoice-page.tsx';

/** An invoice as HTML: rendered on the server only, with no script, so it is static markup. */
export function renderInvoice(view: InvoiceView, options: InvoiceRenderOptions): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <ShopTimeZoneProvider timeZone={options.timeZone}>
      <InvoicePage view={view} options={options} />
    </ShopTimeZoneProvider>,
  )}`;
}
