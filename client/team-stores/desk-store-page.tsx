import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { DeskStoreView } from '#shared/stores/store-contract.ts';
import { card, NoticeLine, StoreShell } from './store-shell.tsx';

const cell = 'border-t border-stone-200 py-1 pr-3';

/** The shop's view of a store: its link, the counter, the money, totals by product, colour and size, and the orders. */
export function DeskStorePage({
  view,
  shopName,
  stylesheets,
}: {
  view: DeskStoreView;
  shopName: string;
  stylesheets: readonly string[];
}) {
  return (
    <StoreShell
      title={view.title}
      label={view.audience === 'shop' ? 'Staff desk' : 'Your store'}
      shopName={shopName}
      stylesheets={stylesheets}
      wide
    >
      {view.reference && (
        <p>
          <a className="font-semibold text-brand-800 underline" href={`/staff/requests/${view.reference}`}>
            Back to {view.reference}
          </a>
        </p>
      )}
      <h1 className="text-2xl font-bold wrap-anywhere">{view.title}</h1>
      <NoticeLine notice={view.notice} />
      <section aria-labelledby="store-state" className={card}>
        <h2 id="store-state" className="text-lg font-bold">
          {view.state}
        </h2>
        <p className="mt-1">{view.closes}</p>
        <p className="mt-1 font-semibold" data-testid="desk-counter">
          {view.counter}
        </p>
        <label htmlFor="store-link" className="mt-3 block font-medium">
          Store link
        </label>
        <input
          id="store-link"
          readOnly
          value={view.link}
          className="mt-1 w-full rounded border border-stone-400 px-3 py-2"
        />
        {view.organiserLink && (
          <>
            <label htmlFor="organiser-link" className="mt-3 block font-medium">
              The organiser’s link{' '}
              <span className="font-normal text-stone-600">(orders, totals, and closing early or later)</span>
            </label>
            <input
              id="organiser-link"
              readOnly
              value={view.organiserLink}
              className="mt-1 w-full rounded border border-stone-400 px-3 py-2"
            />
          </>
        )}
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium text-stone-700">Sales</dt>
          <dd>{view.sales}</dd>
          <dt className="font-medium text-stone-700">The shop’s price</dt>
          <dd>{view.shopShare}</dd>
          <dt className="font-medium text-stone-700">Raised for the club</dt>
          <dd data-testid="funds">{view.funds}</dd>
        </dl>
        {view.extend && (
          <form method="post" action={view.extend.action} className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name={CSRF_FIELD} value={view.csrfToken} />
            <div>
              <label htmlFor="store-closes" className="block font-medium">
                Close at <span className="font-normal text-stone-600">({view.extend.timeZone})</span>
              </label>
              <input
                id="store-closes"
                name="closesAt"
                type="datetime-local"
                defaultValue={view.extend.value}
                {...(view.extend.limit ? { 'aria-describedby': 'store-closes-limit' } : {})}
                className="mt-1 rounded border border-stone-400 px-3 py-2"
              />
            </div>
            <button type="submit" className="rounded border border-stone-500 px-4 py-2 font-semibold">
              Move the close
            </button>
            {view.extend.limit && (
              <p id="store-closes-limit" className="basis-full text-sm text-stone-700">
                {view.extend.limit}
              </p>
            )}
          </form>
        )}
        {view.closeAction && (
          <form method="post" action={view.closeAction} className="mt-4">
            <input type="hidden" name={CSRF_FIELD} value={view.csrfToken} />
            {view.closeHint && <p className="mb-2 text-sm text-stone-700">{view.closeHint}</p>}
            <button
              type="submit"
              className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
            >
              Close the store now
            </button>
          </form>
        )}
      </section>
      {view.statement && (
        <section aria-labelledby="store-statement" className={card}>
          <h2 id="store-statement" className="text-lg font-bold">
            Statement
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_auto] justify-start gap-x-6 gap-y-1">
            {view.statement.rows.map((row) => (
              <div key={row.id} className="contents">
                <dt className="font-medium text-stone-700">{row.label}</dt>
                <dd className="text-right tabular-nums" data-testid={`statement-${row.id}`}>
                  {row.value}
                </dd>
              </div>
            ))}
          </dl>
          {view.statement.notes.map((note) => (
            <p key={note} className="mt-2 text-sm text-stone-700">
              {note}
            </p>
          ))}
        </section>
      )}
      {view.production && (
        <section aria-labelledby="store-production" className={card}>
          <h2 id="store-production" className="text-lg font-bold">
            Production
          </h2>
          <p className="mt-2" data-testid="store-board">
            {view.production.board}
          </p>
          {view.production.bookAction && (
            <form method="post" action={view.production.bookAction} className="mt-2">
              <input type="hidden" name={CSRF_FIELD} value={view.csrfToken} />
              <button type="submit" className="rounded border border-stone-500 px-4 py-2 font-semibold">
                Book on the board
              </button>
            </form>
          )}
          <ul className="mt-2 space-y-1">
            {view.production.papers.map((paper) => (
              <li key={paper.href}>
                <a className="font-semibold text-brand-800 underline" href={paper.href}>
                  {paper.label}
                </a>
              </li>
            ))}
          </ul>
          {'action' in view.production.bagsReady ? (
            <form method="post" action={view.production.bagsReady.action} className="mt-4">
              <input type="hidden" name={CSRF_FIELD} value={view.csrfToken} />
              <button
                type="submit"
                className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
              >
                Bags ready: mail the buyers
              </button>
            </form>
          ) : (
            <p className="mt-4">Bags ready since {view.production.bagsReady.at}; every buyer who paid was mailed.</p>
          )}
        </section>
      )}
      {view.copyHref && (
        <p>
          <a className="font-semibold text-brand-800 underline" href={view.copyHref}>
            Copy this store for next season
          </a>
        </p>
      )}
      <section aria-labelledby="store-products" className={card}>
        <h2 id="store-products" className="text-lg font-bold">
          Products
        </h2>
        <ul className="mt-2 space-y-1">
          {view.products.map((product) => (
            <li key={product.title} className="wrap-anywhere">
              {product.title}: {product.price} to buyers ({product.shopPrice} the shop’s price)
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="store-totals" className={`${card} overflow-x-auto`}>
        <h2 id="store-totals" className="text-lg font-bold">
          Pieces by product, colour and size
        </h2>
        {view.totals.length === 0 ? (
          <p className="mt-2 text-stone-700">No saved orders yet.</p>
        ) : (
          <table className="mt-2 w-full text-left">
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3">
                  Product
                </th>
                <th scope="col" className="py-1 pr-3">
                  Colour
                </th>
                <th scope="col" className="py-1 pr-3">
                  Size
                </th>
                <th scope="col" className="py-1 pr-3">
                  Pieces
                </th>
              </tr>
            </thead>
            <tbody>
              {view.totals.map((row) => (
                <tr key={`${row.product}|${row.colour}|${row.size}`}>
                  <td className={`${cell} wrap-anywhere`}>{row.product}</td>
                  <td className={cell}>{row.colour}</td>
                  <td className={cell}>{row.size}</td>
                  <td className={cell}>{row.pieces}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="store-orders" className={`${card} overflow-x-auto`}>
        <h2 id="store-orders" className="text-lg font-bold">
          Orders
        </h2>
        {view.orders.length === 0 ? (
          <p className="mt-2 text-stone-700">No orders yet.</p>
        ) : (
          <table className="mt-2 w-full text-left">
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3">
                  Buyer
                </th>
                <th scope="col" className="py-1 pr-3">
                  Pieces
                </th>
                <th scope="col" className="py-1 pr-3">
                  Total
                </th>
                <th scope="col" className="py-1 pr-3">
                  State
                </th>
              </tr>
            </thead>
            <tbody>
              {view.orders.map((order) => (
                <tr key={order.id} data-order={order.buyer}>
                  <td className={`${cell} wrap-anywhere`}>{order.buyer}</td>
                  <td className={cell}>{order.pieces}</td>
                  <td className={cell}>{order.total}</td>
                  <td className={cell}>{order.state}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </StoreShell>
  );
}
