import type { LinkKeys } from '#server/http/link-secrets.ts';
import { formatDateTime } from '#shared/desk-format.ts';
import type { CatalogueGarment } from '#shared/garments/catalogue.ts';
import type { GroupFormState, GroupOrganiserView, GroupRosterRow } from '#shared/groups/group-contract.ts';
import { shareCents } from '#shared/groups/group-share.ts';
import { countsTowardOrder, groupSizes, sizeFieldsOf, sizeTotals, sizeUpcharges } from '#shared/groups/group-sizes.ts';
import { wallClockIn } from '#shared/groups/zoned-time.ts';
import { formatMoney } from '#shared/money.ts';
import { pluralize } from '#shared/plural.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import { quoteEstimate } from '#shared/submissions/quote-fields.ts';
import { sharePath } from './group-links.ts';
import type { StoredGroup, StoredGroupEntry } from './group-store.ts';

/** The group's state as a person reads it: a passed deadline waits for the closing job, but takes nobody. */
export function groupState(group: StoredGroup, now: Date): GroupOrganiserView['state'] {
  if (group.state !== 'open') return group.state;
  return group.deadline.getTime() <= now.getTime() ? 'past-deadline' : 'open';
}

/** "Each person pays $14.50 when joining" or "You pay for everyone". */
/** An entry's payment in words, when the members pay: the roster's column on the organiser's page and the desk. */
export function paymentText(group: Pick<StoredGroup, 'payer'>, entry: Pick<StoredGroupEntry, 'payment'>): string {
  if (group.payer !== 'members') return '';
  return entry.payment === 'paid' ? 'Paid' : entry.payment === 'pending' ? 'Waiting for payment' : 'Not paid here';
}

function payerText(group: Pick<StoredGroup, 'payer' | 'priceCents'>, upcharged: boolean): string {
  return group.payer === 'members' && group.priceCents !== null
    ? `Each person pays ${formatMoney(group.priceCents)}${upcharged ? ' plus their size’s upcharge' : ''}`
    : 'You pay for everyone: the members pay nothing here';
}

/**
 * "12 more for the next price break: $1.05 less each", from the same pricing engine as the quote form,
 * with the request's own garment, print and options at the roster's quantity; undefined when the
 * request cannot be priced on the site or is at the last break.
 */
function tierText(
  formValues: Record<string, string> | undefined,
  totals: Record<string, number>,
  prices: PricingData,
  now: Date,
): string | undefined {
  if (!formValues) return undefined;
  const quantity = Object.values(totals).reduce((sum, count) => sum + count, 0);
  const result = quoteEstimate({ ...formValues, ...sizeFieldsOf(totals) }, prices, now);
  if (!result?.ok) {
    // Below the smallest order the engine prices: how many more to reach it.
    const first = quoteEstimate({ ...formValues, ...sizeFieldsOf({ M: 10_000 }) }, prices, now);
    const least = first?.ok ? first.estimate.ladder[0]?.quantity : undefined;
    return least && quantity < least
      ? `${least - quantity} more to reach the smallest order we price online`
      : undefined;
  }
  const { nextTier, perPieceCents } = result.estimate;
  if (!nextTier) return undefined;
  const saving = perPieceCents - nextTier.perPieceCents;
  const more = nextTier.fromQuantity - quantity;
  return saving > 0
    ? `${more} more for the next price break: ${formatMoney(saving)} less each`
    : `${pluralize(more, 'piece')} more reaches the next price break`;
}

/** Whether each member pays a share: the organiser chose a price per person. */
const membersPay = (group: Pick<StoredGroup, 'payer' | 'priceCents'>) =>
  group.payer === 'members' && group.priceCents !== null;

/** The roster rows, oldest first, with what changed since the organiser's previous visit marked. */
function rosterRows(
  group: StoredGroup,
  entries: StoredGroupEntry[],
  upcharges: Readonly<Record<string, number>>,
): GroupRosterRow[] {
  const since = group.organiserSeenAt?.getTime();
  return entries
    .filter((entry) => entry.removedAt === null)
    .map((entry) => ({
      ...(membersPay(group) ? { share: formatMoney(shareCents(group.priceCents, upcharges, entry)) } : {}),
      id: entry.id,
      name: entry.name,
      email: entry.email,
      size: entry.size,
      quantity: entry.quantity,
      backName: entry.backName,
      backNumber: entry.backNumber,
      changed: since !== undefined && entry.changedAt.getTime() > since,
      payment: paymentText(group, entry),
      paid: entry.payment === 'paid',
    }));
}

/** The organiser's section of their request page. */
export function organiserView(
  group: StoredGroup,
  entries: StoredGroupEntry[],
  context: {
    path: string;
    keys: LinkKeys;
    publicUrl: string;
    timeZone: string;
    prices: PricingData;
    formValues: Record<string, string> | undefined;
    garment: CatalogueGarment | undefined;
    now: Date;
    form?: GroupFormState;
  },
): GroupOrganiserView {
  // The totals, the price break and the close count the same entries: a place waiting for its card
  // payment is listed on the roster but counts once paid, as the member's page tells them.
  const counted = entries.filter(countsTowardOrder);
  const sizes = [...groupSizes(context.garment)];
  const totals = sizeTotals(sizes, counted);
  const share = sharePath(context.keys, group);
  const since = group.organiserSeenAt?.getTime();
  const state = groupState(group, context.now);
  // Once closed the roster is the order: no more joins, so no price break to reach.
  const tier =
    state === 'open' || state === 'past-deadline'
      ? tierText(context.formValues, totals, context.prices, context.now)
      : undefined;
  const upcharges = sizeUpcharges(context.garment);
  const live = entries.filter((entry) => entry.removedAt === null);
  const sumOf = (list: StoredGroupEntry[]) =>
    list.reduce((sum, entry) => sum + shareCents(group.priceCents, upcharges, entry), 0);
  return {
    action: `${context.path}/group`,
    title: group.title,
    deadline: formatDateTime(group.deadline.toISOString(), context.timeZone),
    deadlineLocal: wallClockIn(group.deadline, context.timeZone),
    state,
    ...(share ? { shareUrl: `${context.publicUrl}${share}` } : {}),
    asksNames: group.asksNames,
    asksNumbers: group.asksNumbers,
    note: group.note,
    payerText: payerText(
      group,
      Object.values(upcharges).some((cents) => cents > 0),
    ),
    roster: rosterRows(group, entries, upcharges),
    ...(membersPay(group)
      ? {
          money: {
            collected: formatMoney(sumOf(live.filter((entry) => entry.payment === 'paid'))),
            owed: formatMoney(sumOf(live.filter((entry) => entry.payment !== 'paid'))),
          },
        }
      : {}),
    removedSince: entries
      .filter((entry) => entry.removedAt !== null && since !== undefined && entry.removedAt.getTime() > since)
      .map((entry) => entry.name),
    totals: Object.entries(totals).map(([size, count]) => ({ size, count })),
    quantity: counted.reduce((sum, entry) => sum + entry.quantity, 0),
    ...(tier ? { tierText: tier } : {}),
    sizes: sizes.map((size) => ({
      size,
      upcharge: '',
      ...(membersPay(group)
        ? { price: formatMoney(shareCents(group.priceCents, upcharges, { size, quantity: 1 })) }
        : {}),
    })),
    csvPath: `${context.path}/group/roster.csv`,
    ...(context.form ? { form: context.form } : {}),
  };
}

/** A spreadsheet cell: quoted, and a leading = + - @ defused so no program runs it as a formula. */
function cell(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The roster as CSV, in the order they joined (or sorted by size for packing). */
export function rosterCsv(entries: StoredGroupEntry[], order: 'joined' | 'size', sizes: readonly string[]): string {
  const live = entries.filter((entry) => entry.removedAt === null);
  const rows =
    order === 'size'
      ? [...live].sort((a, b) => sizes.indexOf(a.size) - sizes.indexOf(b.size) || a.name.localeCompare(b.name))
      : live;
  const lines = [
    ['Name', 'E-mail', 'Size', 'Quantity', 'Name on the back', 'Number', 'Joined', 'Payment'].map(cell).join(','),
    ...rows.map((entry) =>
      [
        entry.name,
        entry.email,
        entry.size,
        entry.quantity,
        entry.backName,
        entry.backNumber,
        entry.createdAt.toISOString(),
        entry.payment,
      ]
        .map(cell)
        .join(','),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
