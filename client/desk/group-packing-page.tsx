import { WholeWords } from '#client/groups/whole-words.tsx';
import type { DeskRenderOptions } from '#shared/desk-contract.ts';
import type { GroupPackingView } from '#shared/groups/group-contract.ts';
import { DeskDocument } from './desk-document.tsx';

/** A group order's packing sheet: one line per person, sorted by size, with a box to tick; prints on its own. */
export function GroupPackingPage({ view, options }: { view: GroupPackingView; options: DeskRenderOptions }) {
  return (
    <DeskDocument title={`Packing ${view.reference}`} options={options} staff={view.staff}>
      <p className="text-sm print:hidden">
        <a href={`/staff/requests/${view.reference}`} className="underline">
          ← {view.reference}
        </a>{' '}
        · Print this page (Ctrl+P or ⌘P) for packing.
      </p>
      <article className="mt-2 rounded border border-stone-300 bg-white p-4 text-sm print:mt-0 print:border-0 print:p-0">
        <h1 className="text-2xl font-extrabold wrap-anywhere">
          Packing sheet {view.reference}: {view.title}
        </h1>
        <p className="text-stone-700">{view.stateText}</p>
        <p className="mt-2">
          {view.totals.map((total) => `${total.size} ${total.count}`).join(' · ') || 'Nobody has joined yet.'}
        </p>
        <table className="mt-3 w-full text-left">
          <caption className="sr-only">Everyone in the group, by size</caption>
          <thead>
            <tr className="border-b-2 border-stone-900">
              <th scope="col" className="py-1 pr-3">
                Size
              </th>
              <th scope="col" className="py-1 pr-3">
                Name
              </th>
              <th scope="col" className="py-1 pr-3">
                Qty
              </th>
              <th scope="col" className="py-1 pr-3">
                Back
              </th>
              <th scope="col" className="py-1">
                Packed
              </th>
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row) => (
              <tr key={row.id} className="border-b border-stone-200 break-inside-avoid">
                <td className="py-1 pr-3 font-bold">{row.size}</td>
                <td className="py-1 pr-3">
                  <WholeWords text={row.name} />
                </td>
                <td className="py-1 pr-3">{row.quantity}</td>
                <td className="py-1 pr-3 wrap-anywhere">{row.back}</td>
                <td className="py-1">
                  <span aria-hidden="true" className="inline-block size-4 border border-stone-700" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </article>
    </DeskDocument>
  );
}
