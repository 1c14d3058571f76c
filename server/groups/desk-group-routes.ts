import { type Request, type Response, Router } from 'express';
import createHttpError from 'http-errors';
import { referenceOf, staffOf } from '#server/http/desk-request.ts';
import type { DeskView } from '#shared/desk-contract.ts';
import { formatDateTime } from '#shared/desk-format.ts';
import type { DeskGroupView } from '#shared/groups/group-contract.ts';
import { countsTowardOrder, sizeOrder, sizeTotals } from '#shared/groups/group-sizes.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import { closedIfDue } from './deadline-close.ts';
import { rosterEstimate } from './group-estimate.ts';
import type { GroupStore, StoredGroup, StoredGroupEntry } from './group-store.ts';
import { paymentText, rosterCsv } from './group-views.ts';

/** What the desk reads of a group: closing it first when its deadline has passed. */
type GroupReads = Pick<GroupStore, 'groupOf' | 'entriesOf' | 'closeGroup' | 'groupById'>;

export interface DeskGroupRoutesOptions {
  groups: GroupReads;
  render: (req: Request, res: Response, view: DeskView, status?: number) => Promise<void>;
  prices: () => PricingData;
  now: () => Date;
}

const back = (entry: StoredGroupEntry) => [entry.backName, entry.backNumber].filter(Boolean).join(' ');

function stateText(group: StoredGroup, timeZone: string): string {
  const at = (date: Date) => formatDateTime(date.toISOString(), timeZone);
  if (group.state === 'closed')
    return `Closed ${group.closedAt ? at(group.closedAt) : ''}: the request holds its sizes`;
  if (group.state === 'cancelled') return 'Cancelled';
  return `Open until ${at(group.deadline)}${group.shareSalt === null ? ' (share link turned off)' : ''}`;
}

async function groupWithSizes(groups: GroupReads, reference: string, now: Date, prices: PricingData) {
  const found = await groups.groupOf(reference);
  if (!found) return undefined;
  const group = await closedIfDue(groups, found, now, rosterEstimate(prices));
  const entries = await groups.entriesOf(group.id);
  const live = entries.filter((entry) => entry.removedAt === null);
  // The totals and the packing sheet are the pieces the order holds: an entry still waiting for its
  // card payment is on the roster (marked so) but not counted, as at the close.
  const counted = live.filter(countsTowardOrder);
  const sizes = sizeOrder;
  return { group, entries, live, counted, sizes };
}

const totalsOf = (sizes: readonly string[], live: StoredGroupEntry[]) =>
  Object.entries(sizeTotals(sizes, live))
    .filter(([, count]) => count > 0)
    .map(([size, count]) => ({ size, count }));

/** The desk request page's group section, when the request has a group. */
export async function deskGroupView(
  groups: GroupReads,
  reference: string,
  prices: PricingData,
  now: Date,
): Promise<DeskGroupView | undefined> {
  const timeZone = prices['order-terms'].timeZone;
  const found = await groupWithSizes(groups, reference, now, prices);
  if (!found) return undefined;
  const { group, live, counted, sizes } = found;
  return {
    title: group.title,
    stateText: stateText(group, timeZone),
    quantity: counted.reduce((sum, entry) => sum + entry.quantity, 0),
    totals: totalsOf(sizes, counted),
    roster: live.map((entry) => ({
      id: entry.id,
      name: entry.name,
      email: entry.email,
      size: entry.size,
      quantity: entry.quantity,
      back: back(entry),
      payment: paymentText(group, entry),
      paid: entry.payment === 'paid',
      ...(group.state === 'open'
        ? { removePath: `/staff/requests/${reference}/group/entries/${entry.id}/remove` }
        : {}),
    })),
    csvPath: `/staff/requests/${reference}/group.csv`,
    packingPath: `/staff/requests/${reference}/group/packing`,
  };
}

/** The desk's exports of a group's roster: the CSV and the packing sheet sorted by size. */
export function deskGroupRoutes(options: DeskGroupRoutesOptions): Router {
  const router = Router();

  router.get('/staff/requests/:reference/group.csv', async (req, res) => {
    const reference = referenceOf(req);
    const found = await groupWithSizes(options.groups, reference, options.now(), options.prices());
    if (!found) throw createHttpError(404, 'This request has no group order.');
    res
      .type('text/csv; charset=utf-8')
      .attachment(`${reference}-roster-by-size.csv`)
      .send(rosterCsv(found.entries, 'size', found.sizes));
  });

  router.get('/staff/requests/:reference/group/packing', async (req, res) => {
    const reference = referenceOf(req);
    const found = await groupWithSizes(options.groups, reference, options.now(), options.prices());
    if (!found) throw createHttpError(404, 'This request has no group order.');
    const { group, counted, sizes } = found;
    const rows = [...counted]
      .sort((a, b) => sizes.indexOf(a.size) - sizes.indexOf(b.size) || a.name.localeCompare(b.name))
      .map((entry) => ({
        id: entry.id,
        size: entry.size,
        name: entry.name,
        quantity: entry.quantity,
        back: back(entry),
      }));
    await options.render(req, res, {
      page: 'group-packing',
      staff: staffOf(res),
      reference,
      title: group.title,
      stateText: stateText(group, options.prices()['order-terms'].timeZone),
      totals: totalsOf(sizes, counted),
      rows,
    });
  });

  return router;
}
