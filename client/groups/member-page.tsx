import { MockupFigures } from '#client/components/mockup-figures.tsx';
import { PrivateHead } from '#client/components/private-head.tsx';
import { SizeChart } from '#client/components/size-chart.tsx';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { GroupMemberView } from '#shared/groups/group-contract.ts';
import { EntryFields } from './entry-fields.tsx';
import { MemberPreview } from './member-preview.tsx';

/**
 * The page a group's member opens from the share link (or their own entry's link): phone first, one
 * column, a plain form that works without script. It shows the garment, the design and the sizes, and
 * nothing of the organiser's request.
 */
export function MemberPage({
  view,
  shopName,
  stylesheets,
}: {
  view: GroupMemberView;
  shopName: string;
  stylesheets: readonly string[];
}) {
  const editing = view.entry !== undefined;
  return (
    <html lang="en-US">
      <PrivateHead
        title={`${view.title} - ${shopName}`}
        description={`Add your size to the group order "${view.title}".`}
        stylesheets={stylesheets}
        {...(view.payment?.refresh ? { refresh: { seconds: 5, to: view.payment.refresh } } : {})}
      />
      <body className="min-h-screen bg-stone-100 text-stone-900">
        <header className="border-b border-stone-300 bg-white">
          <div className="mx-auto flex max-w-2xl flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-3">
            <a href="/" className="text-lg font-bold text-brand-700">
              {shopName}
            </a>
            <p className="text-sm text-stone-700">Group order</p>
          </div>
        </header>
        <main className="mx-auto max-w-2xl space-y-6 px-4 py-6">
          <div>
            <h1 className="text-2xl font-bold wrap-anywhere">{view.title}</h1>
            <p className="mt-1 text-stone-700">
              {view.closed ? 'Entries are closed.' : `Add your size by ${view.deadline}.`}
            </p>
          </div>
          {view.notice && (
            <p
              role={view.notice.type === 'error' ? 'alert' : 'status'}
              className={`rounded p-3 ${view.notice.type === 'error' ? 'bg-red-50 text-red-900' : 'bg-emerald-50 text-emerald-900'}`}
            >
              {view.notice.text}
            </p>
          )}
          {view.payment && (
            <section
              aria-labelledby="payment-title"
              className={`rounded-lg p-4 shadow-sm md:p-6 ${view.payment.paid ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-950'}`}
            >
              <h2 id="payment-title" className="text-lg font-bold">
                {view.payment.paid ? 'Paid' : 'Your payment'}
              </h2>
              <p className="mt-1">{view.payment.text}</p>
              {view.payment.pay && (
                <form method="post" action={view.payment.pay.action} className="mt-3">
                  <input type="hidden" name={CSRF_FIELD} value={view.csrfToken} />
                  <button
                    type="submit"
                    className="w-full rounded bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800"
                  >
                    {view.payment.pay.label}
                  </button>
                </form>
              )}
            </section>
          )}
          <section aria-labelledby="garment-title" className="rounded-lg bg-white p-4 shadow-sm md:p-6">
            <h2 id="garment-title" className="text-lg font-bold">
              What you are getting
            </h2>
            {view.preview && <MemberPreview preview={view.preview} />}
            {view.mockups && (
              <div className="mt-3">
                <MockupFigures mockups={view.mockups} />
              </div>
            )}
            {view.artwork && (
              <img
                src={view.artwork.src}
                alt={view.artwork.alt}
                className="mt-3 max-h-72 w-full rounded border border-stone-200 object-contain"
              />
            )}
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="font-medium text-stone-700">Garment</dt>
              <dd className="wrap-anywhere">{view.garment}</dd>
              {view.colour && (
                <>
                  <dt className="font-medium text-stone-700">Color</dt>
                  <dd className="wrap-anywhere">{view.colour}</dd>
                </>
              )}
            </dl>
            {view.price && <p className="mt-3 font-semibold">{view.price}</p>}
            {view.note && (
              <p className="mt-3 whitespace-pre-line wrap-anywhere rounded bg-stone-100 p-3">{view.note}</p>
            )}
            <SizeChart rows={view.sizeChart} caption="Body measurements per size" />
          </section>
          {view.closed ? (
            <section aria-labelledby="closed-title" className="rounded-lg bg-white p-4 shadow-sm md:p-6">
              <h2 id="closed-title" className="text-lg font-bold">
                This group is closed
              </h2>
              <p className="mt-2">{view.closed}</p>
              <p className="mt-2 text-stone-700">
                Questions for the shop:{' '}
                <a className="font-semibold underline" href={`mailto:${view.contact.email}`}>
                  {view.contact.email}
                </a>
              </p>
            </section>
          ) : (
            <section aria-labelledby="entry-title" className="rounded-lg bg-white p-4 shadow-sm md:p-6">
              <h2 id="entry-title" className="text-lg font-bold">
                {editing ? 'Your entry' : 'Add yourself'}
              </h2>
              <form method="post" action={view.action} className="mt-3 space-y-4" noValidate={false}>
                <input type="hidden" name={CSRF_FIELD} value={view.csrfToken} />
                <EntryFields
                  prefix="entry"
                  sizes={view.sizes}
                  asksNames={view.asksNames}
                  asksNumbers={view.asksNumbers}
                  form={view.form}
                  quantityPaid={view.payment?.paid === true}
                />
                <button
                  type="submit"
                  className="w-full rounded bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800"
                >
                  {editing ? 'Save my changes' : 'Add me to the list'}
                </button>
              </form>
              {view.entry?.paid && (
                <p className="mt-4 border-t border-stone-200 pt-4 text-sm text-stone-700">
                  You paid for this entry by card, so it stays on the list. To be taken off, ask the shop (
                  <a className="underline" href={`mailto:${view.contact.email}`}>
                    {view.contact.email}
                  </a>
                  ): it removes your entry and refunds your card.
                </p>
              )}
              {view.entry && !view.entry.paid && (
                <form method="post" action={view.entry.removePath} className="mt-4 border-t border-stone-200 pt-4">
                  <input type="hidden" name={CSRF_FIELD} value={view.csrfToken} />
                  <button
                    type="submit"
                    className="w-full rounded border-2 border-red-800 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50"
                  >
                    Remove my entry
                  </button>
                </form>
              )}
            </section>
          )}
        </main>
        <footer className="border-t border-stone-300 bg-white">
          <p className="mx-auto max-w-2xl px-4 py-4 text-sm text-stone-700">
            Your name and e-mail go to the organiser ({view.contact.name}) and the shop for this order only.
          </p>
        </footer>
      </body>
    </html>
  );
}
