import { backColumn, nameColumn, quantityColumn, RosterTable, sizeColumn } from '#client/groups/roster-table.tsx';
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
        <RosterTable
          caption="Everyone in the group, by size"
          rows={view.rows}
          layout="sheet"
          columns={[
            { ...sizeColumn, cellClassName: 'font-bold' },
            nameColumn,
            quantityColumn,
            backColumn,
            {
              heading: 'Packed',
              cell: () => <span aria-hidden="true" className="inline-block size-4 border border-stone-700" />,
              end: true,
            },
          ]}
        />
      </article>
    </DeskDocument>
  );
}
