import type { DeskRenderOptions } from '#shared/desk-contract.ts';
import { formatDay } from '#shared/desk-format.ts';
import type { WorkOrderView } from '#shared/production/board-view.ts';
import { DeskDocument } from './desk-document.tsx';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

/**
 * The studio design's print size per garment size: the press sets up one print per row, so a second print
 * size stands out as its own row rather than hiding in a sentence.
 */
function SizePlans({ plans }: { plans: WorkOrderView['sizePlans'] }) {
  return (
    <section aria-labelledby="wo-size-plans" className="mt-3" data-testid="work-order-size-plans">
      <h2 id="wo-size-plans" className="font-bold">
        Print size by garment size
      </h2>
      {plans.map((plan) => (
        <table key={plan.label} className="mt-1 w-full border-collapse">
          <caption className="py-0.5 text-left font-semibold">
            {plan.label}
            {plan.groups.length > 1 ? ': two print sizes' : ''}
          </caption>
          <thead>
            <tr className="border-b border-stone-400 text-left">
              <th scope="col" className="py-0.5 pr-2">
                Sizes
              </th>
              <th scope="col" className="py-0.5 text-right">
                Print size
              </th>
            </tr>
          </thead>
          <tbody>
            {plan.groups.map((group) => (
              <tr key={group.sizes} className="border-b border-stone-200">
                <td className="py-0.5 pr-2">{group.sizes}</td>
                <td className="py-0.5 text-right font-semibold whitespace-nowrap tabular-nums">{group.print}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}

/**
 * A job's work order: everything the press crew needs on one sheet (customer, due date, garment, sizes,
 * locations, the approved proof, notes and a checklist). On screen it reads as a page of the desk;
 * printed, the desk's header goes and the sheet keeps to one page.
 */
export function WorkOrderPage({ view, options }: { view: WorkOrderView; options: DeskRenderOptions }) {
  const total = view.sizes.reduce((sum, row) => sum + row.quantity, 0);
  return (
    <DeskDocument title={`Work order ${view.reference}`} options={options} staff={view.staff}>
      <p className="text-sm print:hidden">
        <a href={`/staff/requests/${view.reference}`} className="underline">
          ← {view.reference}
        </a>{' '}
        · Print this page (Ctrl+P or ⌘P) for the press.
      </p>
      <article className="mt-2 rounded border border-stone-300 bg-white p-4 text-sm print:mt-0 print:border-0 print:p-0 print:text-xs">
        <header className="flex flex-wrap items-start justify-between gap-2 border-b-2 border-stone-900 pb-2">
          <div>
            <h1 className="text-2xl font-extrabold print:text-xl">Work order {view.reference}</h1>
            <p>
              {view.service}
              {view.pieces ? `, ${view.pieces} pieces` : ''}
            </p>
          </div>
          <div className="text-right">
            {view.due && (
              <p className="text-lg font-bold print:text-base">
                {view.due.what}: {formatDay(view.due.date)}
              </p>
            )}
            <p>Off the press by: {view.pressDate ? formatDay(view.pressDate) : 'not set'}</p>
          </div>
        </header>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Fact label="Customer">
            {view.customer.name}
            {view.customer.company ? `, ${view.customer.company}` : ''}
          </Fact>
          <Fact label="Contact">
            <span className="break-all">{view.customer.email}</span>
            {view.customer.phone ? ` · ${view.customer.phone}` : ''}
          </Fact>
          <Fact label="Garment">
            {view.garment}
            {view.garmentStyle ? ` (${view.garmentStyle})` : ''}
          </Fact>
          <Fact label="Color">{view.garmentColor || 'See the proof'}</Fact>
          <Fact label="Handover">{view.handover || '—'}</Fact>
        </dl>
        <div className="mt-3 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
          <section aria-labelledby="wo-sizes">
            <h2 id="wo-sizes" className="font-bold">
              Sizes
            </h2>
            <table className="mt-1 w-full border-collapse">
              <thead>
                <tr className="border-b border-stone-400 text-left">
                  <th scope="col" className="py-0.5 pr-2">
                    Size
                  </th>
                  <th scope="col" className="py-0.5 text-right">
                    Quantity
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.sizes.map((row) => (
                  <tr key={row.size} className="border-b border-stone-200">
                    <td className="py-0.5 pr-2">{row.size}</td>
                    <td className="py-0.5 text-right tabular-nums">{row.quantity}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" className="py-0.5 pr-2 text-left">
                    Total
                  </th>
                  <td className="py-0.5 text-right font-bold tabular-nums">{total}</td>
                </tr>
              </tfoot>
            </table>
            {view.roster.length > 0 && (
              <>
                <h3 className="mt-2 font-semibold">Names and numbers</h3>
                <ul className="columns-2 text-xs">
                  {view.roster.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </>
            )}
            <h2 className="mt-3 font-bold">Print locations</h2>
            <ul className="mt-1 space-y-1">
              {view.locations.map((location) => (
                <li key={`${location.placement}-${location.detail}`}>
                  <span className="font-semibold">{location.placement}</span>: {location.detail}
                </li>
              ))}
            </ul>
            <p className="mt-2">Ink colors / thread: ______________________________</p>
            {view.sizePlans.length > 0 && <SizePlans plans={view.sizePlans} />}
          </section>
          <section aria-labelledby="wo-proof">
            <h2 id="wo-proof" className="font-bold">
              {view.proof?.approved ? `Approved proof v${view.proof.version}` : 'Proof'}
            </h2>
            {view.proof ? (
              <>
                {view.proof.image ? (
                  <img
                    src={view.proof.image}
                    alt={`Proof v${view.proof.version}: ${view.proof.name}`}
                    className="mt-1 max-h-72 w-auto max-w-full border border-stone-300 object-contain print:max-h-56"
                  />
                ) : (
                  <p>{view.proof.name} (not an image: see the file on the request)</p>
                )}
                {view.proof.printSize && <p className="mt-1">Print size: {view.proof.printSize}</p>}
                {!view.proof.approved && <p className="font-semibold text-red-800">Not approved yet.</p>}
                {view.proof.sha256 && (
                  <p className="mt-1 text-xs" data-testid="work-order-checksum">
                    File SHA-256: <code className="font-mono break-all">{view.proof.sha256}</code>
                    {view.proof.approvedSha256 === view.proof.sha256 && (
                      <span className="font-semibold text-emerald-800"> (matches the approval)</span>
                    )}
                  </p>
                )}
                {view.proof.warning && (
                  <p
                    role="alert"
                    className="mt-2 rounded border-2 border-red-700 bg-red-50 p-2 font-semibold text-red-900"
                  >
                    {view.proof.warning}
                  </p>
                )}
              </>
            ) : (
              <p>No proof sent yet.</p>
            )}
          </section>
        </div>
        {view.notes.length > 0 && (
          <section aria-labelledby="wo-notes" className="mt-3">
            <h2 id="wo-notes" className="font-bold">
              Notes
            </h2>
            <dl className="mt-1 space-y-1">
              {view.notes.map((note) => (
                <div key={note.label}>
                  <dt className="inline font-semibold">{note.label}: </dt>
                  <dd className="inline whitespace-pre-line break-words">{note.text}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
        <section aria-labelledby="wo-checklist" className="mt-3">
          <h2 id="wo-checklist" className="font-bold">
            Press crew checklist
          </h2>
          <ul className="mt-1 grid gap-1 sm:grid-cols-2 print:grid-cols-2">
            {view.checklist.map((item, index) => (
              <li key={item}>
                <label className="flex items-start gap-2">
                  <input type="checkbox" id={`wo-check-${index}`} className="mt-0.5 size-4" />
                  <span>{item}</span>
                </label>
              </li>
            ))}
          </ul>
          <p className="mt-2">Checked by: ____________________ Date: ____________</p>
        </section>
        <p className="mt-2 text-xs text-stone-600">Printed {formatDay(view.printedOn)}</p>
      </article>
    </DeskDocument>
  );
}
