import type { DeskGroupView } from '#shared/groups/group-contract.ts';
import { Section } from './request-section.tsx';

/** The group order collecting this request's sizes (issue 28): the live roster, its totals and exports. */
export function GroupSection({ group }: { group: DeskGroupView }) {
  return (
    <Section id="group" title={`Group order: ${group.title}`}>
      <p className="text-sm text-stone-700">{group.stateText}</p>
      <p className="mt-2 font-semibold">
        {group.quantity} {group.quantity === 1 ? 'piece' : 'pieces'} from {group.roster.length}{' '}
        {group.roster.length === 1 ? 'person' : 'people'}
        {group.totals.length > 0 && `: ${group.totals.map((total) => `${total.size} ${total.count}`).join(', ')}`}
      </p>
      {group.roster.length > 0 && (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The group's roster</caption>
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-1 pr-3">
                  Name
                </th>
                <th scope="col" className="py-1 pr-3">
                  Size
                </th>
                <th scope="col" className="py-1 pr-3">
                  Qty
                </th>
                <th scope="col" className="py-1 pr-3">
                  Back
                </th>
                {group.roster.some((row) => row.payment) && (
                  <th scope="col" className="py-1 pr-3">
                    Payment
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {group.roster.map((row) => (
                <tr key={row.id} className="border-b border-stone-200">
                  <td className="py-1 pr-3 wrap-anywhere">{row.name}</td>
                  <td className="py-1 pr-3">{row.size}</td>
                  <td className="py-1 pr-3">{row.quantity}</td>
                  <td className="py-1 pr-3 wrap-anywhere">{row.back}</td>
                  {group.roster.some((item) => item.payment) && <td className="py-1 pr-3">{row.payment}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
