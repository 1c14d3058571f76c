import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { OrderPageView } from '#shared/stores/store-contract.ts';
import { button, card, NoticeLine, StoreShell } from './store-shell.tsx';

/** A buyer's own order, behind their private link: what they ordered, where it stands, and a pay button when asked. */
export function OrderPage({
  view,
  shopName,
  stylesheets,
}: {
  view: OrderPageView;
  shopName: string;
  stylesheets: readonly string[];
}) {
  return (
    <StoreShell title={view.title} label="Your store order" shopName={shopName} stylesheets={stylesheets}>
      <div>
        <h1 className="text-2xl font-bold wrap-anywhere">{view.title}</h1>
        <p className="mt-1 text-stone-700 wrap-anywhere">Order for {view.buyer}</p>
      </div>
      <NoticeLine notice={view.notice} />
      <section aria-labelledby="order-title" className={card}>
        <h2 id="order-title" className="text-lg font-bold">
          What you ordered
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {view.lines.map((line) => (
            <li key={line} className="wrap-anywhere">
              {line}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-lg font-bold">Total {view.total}</p>
        <p className="mt-2" data-testid="order-status">
          {view.status}
        </p>
        {view.pay && (
          <form method="post" action={view.pay.action} className="mt-4">
            <input type="hidden" name={CSRF_FIELD} value={view.csrfToken} />
            <button type="submit" className={button}>
              {view.pay.label}
            </button>
          </form>
        )}
      </section>
      <p>
        <a className="font-semibold text-brand-800 underline" href={view.storePath}>
          Back to the store
        </a>
      </p>
    </StoreShell>
  );
}
