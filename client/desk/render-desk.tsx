import { renderToStaticMarkup } from 'react-dom/server';
import { ShopTimeZoneProvider } from '#client/components/shop-time.tsx';
import type { DeskRenderOptions, DeskView } from '#shared/desk-contract.ts';
import { BlanksPage } from './blanks-page.tsx';
import { BoardPage } from './board-page.tsx';
import { CapacityPage } from './capacity-page.tsx';
import { CustomerPage } from './desk-request-page.tsx';
import { GroupPackingPage } from './group-packing-page.tsx';
import { InboxPage } from './inbox-page.tsx';
import { PurchaseOrderPage, ToBuyPage } from './purchase-pages.tsx';
import { QuotePage } from './quote-page.tsx';
import { ConfirmSignInPage, SignInPage } from './sign-in-page.tsx';
import { WorkOrderPage } from './work-order-page.tsx';

/** A desk page as HTML: rendered on the server only, with no script, so it is static markup. */
export function renderDesk(view: DeskView, options: DeskRenderOptions): string {
  const page =
    view.page === 'sign-in' ? (
      <SignInPage view={view} options={options} />
    ) : view.page === 'confirm-sign-in' ? (
      <ConfirmSignInPage view={view} options={options} />
    ) : view.page === 'inbox' ? (
      <InboxPage view={view} options={options} />
    ) : view.page === 'quote' ? (
      <QuotePage view={view} options={options} />
    ) : view.page === 'board' ? (
      <BoardPage view={view} options={options} />
    ) : view.page === 'capacity' ? (
      <CapacityPage view={view} options={options} />
    ) : view.page === 'work-order' ? (
      <WorkOrderPage view={view} options={options} />
    ) : view.page === 'group-packing' ? (
      <GroupPackingPage view={view} options={options} />
    ) : view.page === 'blanks' ? (
      <BlanksPage view={view} options={options} />
    ) : view.page === 'blanks-to-buy' ? (
      <ToBuyPage view={view} options={options} />
    ) : view.page === 'purchase-order' ? (
      <PurchaseOrderPage view={view} options={options} />
    ) : (
      <CustomerPage view={view} options={options} />
    );
  return `<!DOCTYPE html>${renderToStaticMarkup(<ShopTimeZoneProvider timeZone={options.timeZone}>{page}</ShopTimeZoneProvider>)}`;
}
