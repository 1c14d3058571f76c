import { renderToStaticMarkup } from 'react-dom/server';
import { ShopTimeZoneProvider } from '#client/components/shop-time.tsx';
import type { RequestPageOptions, RequestPageView } from '#shared/request-page-contract.ts';
import { RequestPage } from './request-page.tsx';

/** A customer's request page as HTML: rendered on the server only, with no script, so it is static markup. */
export function renderRequestPage(view: RequestPageView, options: RequestPageOptions): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <ShopTimeZoneProvider timeZone={options.timeZone}>
      <RequestPage view={view} options={options} />
    </ShopTimeZoneProvider>,
  )}`;
}
