import { useShopTime } from '#client/components/shop-time.tsx';
import type { PurchaseLineView, PurchaseOrderView, ToBuyView } from '#shared/blanks/blanks-view.ts';
import type { DeskRenderOptions } from '#shared/desk-contract.ts';
import { formatDay } from '#shared/desk-format.ts';
import { DeskDocument, TokenField } from './desk-document.tsx';

function Notice({ notice }: { notice: { type: 'success' | 'error'; text: string } | undefined }) {
  if (!notice) return null;
  return (
    <p
      role={notice.type === 'error' ? 'alert' : 'status'}
      className={`mt-4 rounded p-3 text-sm print:hidden ${notice.type === 'error' ? 'bg-red-50 text-red-900' : 'bg-emerald-50 text-emerald-900'}`}
    >
      {notice.text}
    </p>
  );
}

/** The SKUs of an order or a supplier's list, with their pieces, price and line total. */
function LinesTable({ lines, total, caption }: { lines: PurchaseLineView[]; total: string; caption: string }) {
  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="mt-2 overflow-x-auto"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-300">
            <th scope="col" className="py-1 pr-2">
              SKU
            </th>
            <th scope="col" className="py-1 pr-2">
              Item
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              Pieces
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              Each
            </th>
            <th scope="col" className="py-1 text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.sku} className="border-b border-stone-200">
              <td className="break-all py-1 pr-2 font-mono text-xs">{line.sku}</td>
              <td className="break-words py-1 pr-2">{line.item}</td>
              <td className="py-1 pr-2 text-right tabular-nums">{line.quantity}</td>
              <td className="py-1 pr-2 text-right tabular-nums">{line.unit}</td>
              <td className="py-1 text-right tabular-nums">{line.total}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4} className="py-1 pr-2 text-right">
              Total
            </th>
            <td className="py-1 text-right font-bold tabular-nums">{total}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

/**
 * /staff/blanks/to-buy: per supplier, the approved jobs whose blanks are not bought yet (each ticked to go
 * on the order), the SKUs summed over them at the import's prices, and the button that makes one purchase
 * order for the jobs ticked. The purchase orders made are listed below.
 */
export function ToBuyPage({ view, options }: { view: ToBuyView; options: DeskRenderOptions }) {
  const { dateTime } = useShopTime();
  return (
    <DeskDocument title="Blanks to buy" options={options} staff={view.staff}>
      <p className="text-sm">
        <a href="/staff/blanks" className="underline">
          ← Suppliers’ files
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Blanks to buy</h1>
      <p className="mt-1 max-w-prose text-sm text-stone-700">
        Approved jobs whose blanks are not on a purchase order yet, by supplier; the pieces of each SKU are summed over
        the jobs ticked, at the prices of the supplier’s import in force.
      </p>
      <Notice notice={view.notice} />
      {view.suppliers.length === 0 ? (
        <p className="mt-6">Nothing to buy: every approved job’s blanks are on a purchase order.</p>
      ) : (
        view.suppliers.map((supplier) => (
          <section
            key={supplier.id}
            aria-labelledby={`buy-${supplier.id}`}
            className="mt-6 rounded border border-stone-300 bg-white p-4"
          >
            <h2 id={`buy-${supplier.id}`} className="text-lg font-bold">
              {supplier.name}
            </h2>
            <form method="post" action="/staff/blanks/orders">
              <TokenField token={options.csrfToken} />
              <input type="hidden" name="supplier" value={supplier.id} />
              <fieldset className="mt-2">
                <legend className="font-medium">Jobs</legend>
                <ul className="mt-1 space-y-1 text-sm">
                  {supplier.jobs.map((job) => (
                    <li key={job.reference}>
                      <label className="flex items-start gap-2">
                        <input
                          type="checkbox"
                          name="job"
                          value={job.reference}
                          defaultChecked
                          className="mt-1 size-4"
                        />
                        <span className="min-w-0 break-words">
                          <a href={`/staff/requests/${job.reference}`} className="font-mono underline">
                            {job.reference}
                          </a>{' '}
                          {job.name}: {job.garment}, {job.colour}, {job.sizes}
                          {job.missing.length > 0 && (
                            <span className="block font-semibold text-red-800">
                              Not in the supplier’s file: {job.missing.join(', ')}
                            </span>
                          )}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
              <LinesTable
                lines={supplier.lines}
                total={supplier.total}
                caption={`${supplier.name}: the jobs’ blanks`}
              />
              <p className="mt-2 text-sm">Ordered today, expected {formatDay(supplier.expectedOn)}.</p>
              <button
                type="submit"
                className="mt-3 rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
              >
                Make the purchase order for {supplier.name}
              </button>
            </form>
          </section>
        ))
      )}
      <section aria-labelledby="orders" className="mt-8">
        <h2 id="orders" className="text-lg font-bold">
          Purchase orders
        </h2>
        {view.orders.length === 0 ? (
          <p className="text-sm">None yet.</p>
        ) : (
          <ul className="mt-2 space-y-2 text-sm">
            {view.orders.map((order) => (
              <li key={order.id} className="rounded border border-stone-200 bg-white p-2">
                <a href={`/staff/blanks/orders/${order.id}`} className="font-semibold underline">
                  PO {order.id}
                </a>{' '}
                {order.supplier}, {order.total}, made {dateTime(order.createdAt)}, expected{' '}
                {formatDay(order.expectedOn)}
                <span className="block break-words text-stone-700">For {order.jobs.join(', ')}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </DeskDocument>
  );
}

/** /staff/blanks/orders/:id: one purchase order, made to print, with its CSV in the supplier's order layout. */
export function PurchaseOrderPage({ view, options }: { view: PurchaseOrderView; options: DeskRenderOptions }) {
  const { dateTime } = useShopTime();
  return (
    <DeskDocument title={`Purchase order ${view.id}`} options={options} staff={view.staff}>
      <p className="text-sm print:hidden">
        <a href="/staff/blanks/to-buy" className="underline">
          ← Blanks to buy
        </a>
      </p>
      <Notice notice={view.notice} />
      <h1 className="mt-2 text-2xl font-bold">
        Purchase order {view.id}: {view.supplier}
      </h1>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">From</dt>
        <dd>{options.shopName}</dd>
        <dt className="font-medium">Made</dt>
        <dd className="break-words">
          {dateTime(view.createdAt)} by {view.createdBy}
        </dd>
        <dt className="font-medium">Expected</dt>
        <dd>{formatDay(view.expectedOn)}</dd>
        <dt className="font-medium">For jobs</dt>
        <dd className="break-words">{view.jobs.join(', ')}</dd>
      </dl>
      <LinesTable lines={view.lines} total={view.total} caption={`Purchase order ${view.id}`} />
      <p className="mt-4 flex flex-wrap gap-4 text-sm print:hidden">
        <a href={view.csvPath} className="font-semibold underline" download>
          Download the CSV ({view.supplier}’s order layout)
        </a>
      </p>
      <SendSection view={view} options={options} />
      {view.received ? (
        <ReceivedSection view={view} received={view.received} />
      ) : (
        <ReceivingForm view={view} options={options} />
      )}
    </DeskDocument>
  );
}

/**
 * Mailing the order to the supplier: the button names where it goes; once sent, when and by whom; with no
 * address set, the button (unusable) and the line under it say where to set one.
 */
function SendSection({ view, options }: { view: PurchaseOrderView; options: DeskRenderOptions }) {
  const { dateTime } = useShopTime();
  const { sent, to } = view.mail;
  if (sent)
    return (
      <p data-testid="order-sent" className="mt-4 rounded border border-stone-300 bg-white p-4 text-sm break-words">
        Sent to {view.supplier} ({sent.to}) on {dateTime(sent.at)} by {sent.by}.
      </p>
    );
  return (
    <form
      method="post"
      action={`/staff/blanks/orders/${view.id}/send`}
      className="mt-4 rounded border border-stone-300 bg-white p-4 print:hidden"
    >
      <TokenField token={options.csrfToken} />
      <h2 className="text-lg font-bold">Send to the supplier</h2>
      <p id="send-order-hint" className="text-sm text-stone-700 break-words">
        {to
          ? 'One mail with the lines, the total and the day we expect them, the CSV attached. It goes once.'
          : `To mail orders to ${view.supplier}, set its order address: "orderEmail" in data/blanks.json, beside its warehouses, then restart the server.`}
      </p>
      <button
        type="submit"
        disabled={!to}
        aria-describedby="send-order-hint"
        className="mt-3 max-w-full rounded bg-brand-700 px-4 py-2 text-left font-semibold text-white break-words hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-800"
      >
        {to ? `Send to ${view.supplier} (${to})` : `Send to ${view.supplier}: set its order address first`}
      </button>
    </form>
  );
}

/** When the boxes come: the pieces that arrived per SKU, each at most what was ordered. */
function ReceivingForm({ view, options }: { view: PurchaseOrderView; options: DeskRenderOptions }) {
  const errors = view.receiving?.errors ?? [];
  return (
    <form
      method="post"
      action={`/staff/blanks/orders/${view.id}/receive`}
      className="mt-6 rounded border border-stone-300 bg-white p-4 print:hidden"
    >
      <TokenField token={options.csrfToken} />
      <h2 className="text-lg font-bold">Receiving</h2>
      <p className="text-sm text-stone-700">
        Count what came in each box: a SKU short holds up the jobs that need it, and their press days move.
      </p>
      {errors.length > 0 && (
        <ul id="receiving-errors" className="mt-2 list-disc space-y-1 pl-6 text-sm text-red-900">
          {errors.map((error) => (
            <li key={error} className="break-words">
              {error}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {view.lines.map((line) => (
          <div key={line.sku}>
            <label htmlFor={`received-${line.sku}`} className="block text-sm font-medium break-words">
              Arrived of {line.quantity}: {line.item} ({line.sku})
            </label>
            <input
              id={`received-${line.sku}`}
              name={`received.${line.sku}`}
              inputMode="numeric"
              pattern="[0-9]*"
              required
              defaultValue={view.receiving?.counts[line.sku] ?? String(line.quantity)}
              aria-describedby={errors.length > 0 ? 'receiving-errors' : undefined}
              className="mt-1 w-28 rounded border border-stone-400 px-3 py-2 tabular-nums"
            />
          </div>
        ))}
      </div>
      <button type="submit" className="mt-4 rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
        Check off what arrived
      </button>
    </form>
  );
}

/** What arrived, per SKU, and the jobs a shortage holds up. */
function ReceivedSection({
  view,
  received,
}: {
  view: PurchaseOrderView;
  received: NonNullable<PurchaseOrderView['received']>;
}) {
  const { dateTime } = useShopTime();
  const short = received.lines.filter((line) => line.arrived < line.ordered);
  return (
    <section aria-labelledby="received" className="mt-6 rounded border border-stone-300 bg-white p-4">
      <h2 id="received" className="text-lg font-bold">
        Received
      </h2>
      <p className="text-sm text-stone-700">
        Checked off {dateTime(received.at)} by <span className="break-all">{received.by}</span>.
      </p>
      <ul className="mt-2 space-y-1 text-sm" data-testid="received-lines">
        {received.lines.map((line) => (
          <li
            key={line.sku}
            className={line.arrived < line.ordered ? 'font-semibold text-red-800' : 'text-emerald-900'}
          >
            {line.item} ({line.sku}): {line.arrived} of {line.ordered} arrived
            {line.arrived < line.ordered ? `, ${line.ordered - line.arrived} short` : ''}
          </li>
        ))}
      </ul>
      {short.length > 0 && view.received && received.waiting.length > 0 && (
        <p className="mt-2 text-sm">
          Held up until the rest comes, their press days moved on the{' '}
          <a href="/staff/board" className="underline">
            board
          </a>
          : {received.waiting.join(', ')}
        </p>
      )}
    </section>
  );
}
