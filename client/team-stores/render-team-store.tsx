import { renderToStaticMarkup } from 'react-dom/server';
import type { TeamStoreView } from '#shared/stores/store-contract.ts';
import { DeskNewStorePage } from './desk-new-store-page.tsx';
import { DeskStorePage } from './desk-store-page.tsx';
import { OrderPage } from './order-page.tsx';
import { StorePage } from './store-page.tsx';

/** A team store's page (public, a buyer's order, or the desk's) as HTML: rendered on the server only, no script. */
export function renderTeamStore(
  view: TeamStoreView,
  options: { stylesheets: readonly string[]; shopName: string },
): string {
  const page =
    view.page === 'store' ? (
      <StorePage view={view} {...options} />
    ) : view.page === 'order' ? (
      <OrderPage view={view} {...options} />
    ) : view.page === 'desk-new' ? (
      <DeskNewStorePage view={view} {...options} />
    ) : (
      <DeskStorePage view={view} {...options} />
    );
  return `<!DOCTYPE html>${renderToStaticMarkup(page)}`;
}
