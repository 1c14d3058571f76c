import { renderToStaticMarkup } from 'react-dom/server';
import { ShopTimeZoneProvider } from '#client/components/shop-time.tsx';
import type { CustomerPageOptions, CustomerPageView } from '#shared/customer-page-contract.ts';
import { CustomerPage } from './customer-page.tsx';

/** A customer's request page as HTML: rendered on the server only, with no script, so it is static markup. */
export function renderCustomerPage(view: CustomerPageView, options: CustomerPageOptions): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <ShopTimeZoneProvider timeZone={options.timeZone}>
      <CustomerPage view={view} options={options} />
    </ShopTimeZoneProvider>,
  )}`;
}
