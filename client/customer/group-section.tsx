import { EntryFields } from '#client/groups/entry-fields.tsx';
import { backColumn, nameColumn, quantityColumn, RosterTable, sizeColumn } from '#client/groups/roster-table.tsx';
import { WholeWords } from '#client/groups/whole-words.tsx';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { CustomerPageOptions } from '#shared/customer-page-contract.ts';
import type {
  CustomerPageGroup,
  GroupOrganiserView,
  GroupRosterRow,
  GroupStartView,
} from '#shared/groups/group-contract.ts';
import { GROUP_LIMITS } from '#shared/groups/group-forms.ts';
import { PageSection } from './customer-document.tsx';

const input = 'mt-1 w-full rounded border border-stone-400 px-3 py-2';
const primary = 'rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800';
const secondary = 'rounded border-2 border-brand-700 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50';

function Csrf({ options }: { options: CustomerPageOptions }) {
  return <input type="hidden" name={CSRF_FIELD} value={options.csrfToken} />;
}

/** The group order on the organiser's own page: the start form, or the link and the roster. */
export function GroupSection({ group, options }: { group: CustomerPageGroup; options: CustomerPageOptions }) {
  return (
    <PageSection id="group" title="Collect sizes from your group">
      {'start' in group ? (
        <StartForm start={group.start} options={options} />
      ) : (
        <Roster group={group.group} options={options} />
      )}
    </PageSection>
  );
}

function StartForm({ start, options }: { start: GroupStartView; options: CustomerPageOptions }) {
  const value = (name: string, fallback = '') => start.form?.values[name] ?? fallback;
  const error = (name: string) => start.form?.errors[name];
  const errorLine = (name: string) =>
    error(name) && (
      <p id={`gs-${name}-error`} className="mt-1 text-sm font-semibold text-red-800">
        {error(name)}
      </p>
    );
  const described = (name: string) =>
    error(name) ? { 'aria-describedby': `gs-${name}-error`, 'aria-invalid': true } : {};
  const checked = (name: string) => value(name) === 'on';
  return (
    <>
      <p className="text-stone-700">
        Get one link to send round: each person picks their size{' '}
        {start.sizes.length > 0 && <span>({start.sizes.join(', ')})</span>} and, if you want, a name and number for the
        back. You see the list here, and it becomes your order when you close it.
      </p>
      <form method="post" action={start.action} className="mt-4 space-y-4">
        <Csrf options={options} />
        <div>
          <label htmlFor="gs-title" className="block font-medium">
            Title for the group
          </label>
          <input
            id="gs-title"
            name="title"
            required
            maxLength={GROUP_LIMITS.title}
            placeholder="Hornets U12 team shirts"
            defaultValue={value('title')}
            className={input}
            {...described('title')}
          />
          {errorLine('title')}
        </div>
        <div>
          <label htmlFor="gs-deadline" className="block font-medium">
            Last day and time to join <span className="font-normal text-stone-600">(the shop’s time)</span>
          </label>
          <input
            id="gs-deadline"
            name="deadline"
            type="datetime-local"
            required
            defaultValue={value('deadline', start.suggestedDeadline)}
            className={`${input} max-w-xs`}
            {...described('deadline')}
          />
          {errorLine('deadline')}
        </div>
        <fieldset className="space-y-2">
          <legend className="font-medium">Ask each person for</legend>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="asksNames" defaultChecked={checked('asksNames')} /> A name for the back
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="asksNumbers" defaultChecked={checked('asksNumbers')} /> A number for the back
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="allowRepeat" defaultChecked={checked('allowRepeat')} /> Let one person add more
            than one entry (a parent for two children)
          </label>
        </fieldset>
        <div>
          <label htmlFor="gs-note" className="block font-medium">
            Note to the group <span className="font-normal text-stone-600">(optional)</span>
          </label>
          <textarea
            id="gs-note"
            name="note"
            rows={3}
            maxLength={GROUP_LIMITS.note}
            defaultValue={value('note')}
            className={input}
          />
        </div>
        <fieldset className="space-y-2" {...(error('price') ? { 'aria-describedby': 'gs-price-error' } : {})}>
          <legend className="font-medium">Who pays</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="payer"
              value="organiser"
              defaultChecked={value('payer', 'organiser') === 'organiser'}
            />{' '}
            I pay for everyone
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="payer" value="members" defaultChecked={value('payer') === 'members'} /> Each
            person pays me:
          </label>
          <div className="ml-6">
            <label htmlFor="gs-price" className="block text-sm">
              Price per person, in dollars
            </label>
            <input
              id="gs-price"
              name="price"
              inputMode="decimal"
              placeholder="14.50"
              defaultValue={value('price')}
              className={`${input} max-w-32`}
              {...described('price')}
            />
            {errorLine('price')}
          </div>
        </fieldset>
        <button type="submit" className={`w-full sm:w-auto ${primary}`}>
          Start the group and get the link
        </button>
      </form>
    </>
  );
}

/** What is printed on the back: "RUIZ 9". */
const back = (row: { backName: string; backNumber: string }) =>
  [row.backName, row.backNumber].filter(Boolean).join(' ');

const stateText: Record<GroupOrganiserView['state'], string> = {
  open: 'Open',
  'past-deadline': 'The deadline has passed: close it to send the list to the shop',
  closed: 'Closed: the list is your order now',
  cancelled: 'Cancelled',
};

/** The person's name, marked when new since the last visit, with their address (and, on a phone, their back). */
function PersonCell({ row }: { row: GroupRosterRow }) {
  return (
    <>
      <WholeWords text={row.name} />
      {row.changed && (
        <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">new</span>
      )}
      <span className="block w-0 min-w-full truncate text-xs font-normal text-stone-600" title={row.email}>
        {row.email || 'Added by you'}
      </span>
      {/* The address takes the column's width, never widens it (w-0 min-w-full); on a phone the back goes under the name: a column of its own would leave none a word's width. */}
      {back(row) && (
        <span className="block text-xs font-normal sm:hidden">
          Back: <span className="font-semibold">{back(row)}</span>
        </span>
      )}
    </>
  );
}

function RemoveEntry({
  row,
  group,
  options,
}: {
  row: GroupRosterRow;
  group: GroupOrganiserView;
  options: CustomerPageOptions;
}) {
  // Paid by card: the shop removes it and refunds the card (the server refuses the organiser).
  if (row.paid) return <span className="text-xs text-stone-700">Paid: ask the shop to remove</span>;
  return (
    <form method="post" action={`${group.action}/entries/${row.id}/remove`}>
      <Csrf options={options} />
      <button type="submit" className="text-red-800 underline" aria-label={`Remove ${row.name}`}>
        Remove
      </button>
    </form>
  );
}

function Roster({ group, options }: { group: GroupOrganiserView; options: CustomerPageOptions }) {
  const open = group.state === 'open' || group.state === 'past-deadline';
  return (
    <div className="space-y-5">
      <div>
        <h3 className="font-semibold wrap-anywhere">{group.title}</h3>
        <p className="text-stone-700">
          {stateText[group.state]} · deadline {group.deadline} · {group.payerText}
        </p>
      </div>
      {open &&
        (group.shareUrl ? (
          <div data-share>
            <label htmlFor="group-share" className="block font-medium">
              Link to send your group
            </label>
            <div className="mt-1 flex flex-col gap-2 sm:flex-row">
              <input
                id="group-share"
                readOnly
                value={group.shareUrl}
                className="w-full min-w-0 rounded border border-stone-400 bg-stone-50 px-3 py-2 font-mono text-sm"
              />
              <button type="button" data-copy="group-share" className={`${secondary} hidden shrink-0`}>
                Copy link
              </button>
            </div>
            <p className="mt-1 text-sm text-stone-700">
              It shows the garment and your note, never your address, quote or messages.
            </p>
          </div>
        ) : (
          <p className="rounded bg-amber-50 p-3 text-amber-900">The share link is turned off: nobody can join.</p>
        ))}
      <div>
        <h3 className="font-semibold">
          {group.quantity} {group.quantity === 1 ? 'piece' : 'pieces'} from {group.roster.length}{' '}
          {group.roster.length === 1 ? 'entry' : 'entries'}
        </h3>
        {group.tierText && (
          <p className="mt-1 font-semibold text-emerald-800" data-tier>
            {group.tierText}
          </p>
        )}
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Pieces per size">
          {group.totals
            .filter((total) => total.count > 0)
            .map((total) => (
              <li key={total.size} className="rounded bg-stone-100 px-3 py-1">
                <span className="font-semibold">{total.size}</span> {total.count}
              </li>
            ))}
        </ul>
        {group.money && (
          <p className="mt-2" data-money>
            Paid by card: <span className="font-semibold">{group.money.collected}</span> · Still to pay:{' '}
            <span className="font-semibold">{group.money.owed}</span>
          </p>
        )}
        {group.removedSince.length > 0 && (
          <p className="mt-2 text-sm text-stone-700">Removed since your last visit: {group.removedSince.join(', ')}</p>
        )}
      </div>
      {group.roster.length > 0 && (
        <RosterTable<GroupRosterRow>
          caption="Everyone on the list"
          rows={group.roster}
          padding="py-2"
          columns={[
            { ...nameColumn, cell: (row) => <PersonCell row={row} />, rowHeader: true, cellClassName: 'font-medium' },
            sizeColumn,
            quantityColumn,
            (group.asksNames || group.asksNumbers) && { ...backColumn, cell: back, className: 'hidden sm:table-cell' },
            group.roster.some((row) => row.payment) && {
              heading: group.money ? 'Share' : 'Paid',
              cell: (row) => (
                <>
                  {row.share && <span className="block font-semibold">{row.share}</span>}
                  {row.payment}
                </>
              ),
            },
            open && {
              heading: <span className="sr-only">Remove</span>,
              cell: (row) => <RemoveEntry row={row} group={group} options={options} />,
              end: true,
            },
          ]}
        />
      )}
      <p>
        <a href={group.csvPath} className="font-semibold text-brand-800 underline" download>
          Download the list (CSV)
        </a>
      </p>
      {open && <GroupChanges group={group} options={options} />}
      <script src="/group-share.js" type="module" />
    </div>
  );
}

/** The organiser's changes to an open group: add someone by hand, move the deadline, close, new link. */
function GroupChanges({ group, options }: { group: GroupOrganiserView; options: CustomerPageOptions }) {
  return (
    <>
      <details className="rounded border border-stone-200 p-3" open={group.form !== undefined}>
        <summary className="cursor-pointer font-semibold text-brand-800">Add someone by hand</summary>
        <form method="post" action={`${group.action}/entries`} className="mt-3 space-y-4">
          <Csrf options={options} />
          <p className="text-sm text-stone-700">
            For someone who will not use the link: no e-mail needed, and nothing is sent to them.{' '}
            {group.money
              ? 'They count in the order at once and pay you, not the site: their share shows as still to pay.'
              : 'They count in the order at once.'}
          </p>
          <EntryFields
            prefix="add"
            sizes={group.sizes}
            asksNames={group.asksNames}
            asksNumbers={group.asksNumbers}
            form={group.form}
            nameLabel="Their name"
            withEmail={false}
          />
          <button type="submit" className={secondary}>
            Add to the list
          </button>
        </form>
      </details>
      <div className="grid gap-4 sm:grid-cols-2">
        <form method="post" action={`${group.action}/deadline`} className="space-y-2">
          <Csrf options={options} />
          <label htmlFor="group-new-deadline" className="block font-medium">
            Move the deadline
          </label>
          <input
            id="group-new-deadline"
            name="deadline"
            type="datetime-local"
            required
            defaultValue={group.deadlineLocal}
            className={input}
          />
          <button type="submit" className={secondary}>
            Move it
          </button>
        </form>
        <div className="space-y-2">
          <form method="post" action={`${group.action}/close`}>
            <Csrf options={options} />
            <p className="font-medium">Everyone is in?</p>
            <p className="text-sm text-stone-700">
              Closing sends the list to the shop as your order’s sizes. Nobody can join or change an entry after.
            </p>
            {/* Required here and checked by the server: a close cannot be undone, so no stray tap closes it. */}
            <label className="mt-2 flex items-start gap-2">
              <input type="checkbox" name="confirm" required className="mt-1" /> Everyone is in: close the group
            </label>
            <button type="submit" className={`mt-2 ${primary}`}>
              Close the group now
            </button>
          </form>
          <form method="post" action={`${group.action}/link`} className="flex flex-wrap gap-3 text-sm">
            <Csrf options={options} />
            <button type="submit" name="action" value="replace" className="text-brand-800 underline">
              Make a new link
            </button>
            {group.shareUrl && (
              <button type="submit" name="action" value="revoke" className="text-red-800 underline">
                Turn the link off
              </button>
            )}
          </form>
        </div>
      </div>
    </>
  );
}
