import { backColumn, nameColumn, quantityColumn, RosterTable, sizeColumn } from '#client/groups/roster-table.tsx';
import type { DeskGroupView } from '#shared/groups/group-contract.ts';
import { TokenField } from './desk-document.tsx';
import { Section } from './request-section.tsx';

type RosterRow = DeskGroupView['roster'][number];

/** Takes an entry off the roster; one paid by card is refunded with it (the button says so). */
function RemoveEntry({ row, token }: { row: RosterRow; token: string }) {
  if (!row.removePath) return null;
  return (
    <form method="post" action={row.removePath}>
      <TokenField token={token} />
      <button
        type="submit"
        aria-label={`${row.paid ? 'Remove and refund' : 'Remove'} ${row.name}`}
        className="rounded border border-red-800 px-2 py-0.5 text-xs font-semibold text-red-900 hover:bg-red-50"
      >
        {row.paid ? 'Remove and refund' : 'Remove'}
      </button>
    </form>
  );
}

/** The group order collecting this request's sizes: the live roster, its totals and exports. */
export function GroupSection({ group, token }: { group: DeskGroupView; token: string }) {
  const removable = group.roster.some((row) => row.removePath);
  return (
    <Section id="group" title={`Group order: ${group.title}`}>
      <p className="text-sm text-stone-700">{group.stateText}</p>
      <p className="mt-2 font-semibold">
        {group.quantity} {group.quantity === 1 ? 'piece' : 'pieces'} from {group.roster.length}{' '}
        {group.roster.length === 1 ? 'person' : 'people'}
        {group.totals.length > 0 && `: ${group.totals.map((total) => `${total.size} ${total.count}`).join(', ')}`}
      </p>
      {group.roster.length > 0 && (
        <RosterTable<RosterRow>
          caption="The group's roster"
          rows={group.roster}
          className="mt-3"
          columns={[
            nameColumn,
            sizeColumn,
            quantityColumn,
            backColumn,
            group.roster.some((row) => row.payment) && { heading: 'Payment', cell: (row) => row.payment },
            removable && {
              heading: <span className="sr-only">Remove</span>,
              cell: (row) => <RemoveEntry row={row} token={token} />,
              end: true,
            },
          ]}
        />
      )}
      <p className="mt-3 flex flex-wrap gap-4 text-sm">
        <a className="font-semibold underline" href={group.csvPath}>
          Roster (CSV)
        </a>
        <a className="font-semibold underline" href={group.packingPath}>
          Packing sheet
        </a>
      </p>
    </Section>
  );
}
