import { type Request, type Response, Router } from 'express';
import { noSuchRequest, staffOf, textField } from '#server/http/desk-request.ts';
import type { RequestService } from '#server/requests/request-service.ts';
import type { VersionStore } from '#server/requests/version-store.ts';
import type { DeskStore } from '#server/staff/desk-store.ts';
import type { DeskView } from '#shared/desk-contract.ts';
import { addBusinessDays, isBusinessDay } from '#shared/pricing/business-days.ts';
import { addCalendarDays, isCalendarDate } from '#shared/pricing/calendar-date.ts';
import { deliveryQuote } from '#shared/pricing/delivery.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import type { BoardView } from '#shared/production/board-view.ts';
import { withClosedDates } from '#shared/production/production-load.ts';
import { quoteEstimate, ZIP_FIELD } from '#shared/submissions/quote-fields.ts';
import { boardToday, boardView, planOf } from './board-views.ts';
import type { ProductionPlanner, ProductionStore } from './production-store.ts';

export interface BoardRoutesOptions {
  desk: Pick<DeskStore, 'getRequestState'>;
  production: Pick<ProductionStore, 'boardOrders' | 'movePressDate'>;
  /** The request's form, for the service and pieces a moved order books. */
  versions: Pick<VersionStore, 'formValuesOf'>;
  requests: RequestService;
  planner: ProductionPlanner;
  render: (req: Request, res: Response, view: DeskView, status?: number) => Promise<void>;
  prices: () => PricingData;
  now: () => Date;
  onQueued?: () => void;
  /** What holds up each order waiting for blanks that came short, by reference (the blanks feature keeps them). */
  holds?: () => Promise<ReadonlyMap<string, string>>;
}

const notices: Record<string, BoardView['notice']> = {
  moved: { type: 'success', text: 'Press day moved. The customer’s date is unchanged.' },
  told: { type: 'success', text: 'Press day moved, and the customer is told the new date by e-mail.' },
  'bad-date': { type: 'error', text: 'Give the press day as a date (YYYY-MM-DD).' },
  past: { type: 'error', text: 'That day is gone: choose today or a later day.' },
  closed: { type: 'error', text: 'The shop does not work that day: choose a working day.' },
  'not-booked': { type: 'error', text: 'That order is no longer on the board (completed or cancelled).' },
  'no-work': {
    type: 'error',
    text: 'The website cannot tell this order’s service and pieces (an older request): open it and set its date there.',
  },
};

/** The board's address for a view: only what differs from the default is in it. */
function boardHref({ from, by }: { from?: string; by: BoardView['by'] }): string {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (by !== 'press') query.set('by', by);
  const text = query.toString();
  return text ? `/staff/board?${text}` : '/staff/board';
}

/**
 * The production board, on the desk under the staff check: /staff/board shows the working days ahead with
 * each day's load against capacity and the orders on them; a press day is moved with a plain form
 * (post/redirect/get), and the customer's date follows only when the staff tick "tell".
 */
export function boardRoutes(options: BoardRoutesOptions): Router {
  const router = Router();

  router.get('/staff/board', async (req, res) => {
    const by: BoardView['by'] = req.query.by === 'promised' ? 'promised' : 'press';
    const [capacity, orders, holds] = await Promise.all([
      options.planner.capacity(),
      options.production.boardOrders(),
      options.holds?.() ?? new Map<string, string>(),
    ]);
    const site = options.prices();
    const { today, firstDay } = boardToday(options.now(), site, capacity);
    const asked = typeof req.query.from === 'string' && isCalendarDate(req.query.from) ? req.query.from : undefined;
    const start = asked && asked > firstDay ? asked : firstDay;
    const plan = planOf(site, capacity, orders, firstDay);
    const view = boardView(orders, plan, { start, by, staff: staffOf(res), today, holds });
    const shown = view.days;
    const notice = notices[String(req.query.done)];
    await options.render(req, res, {
      ...view,
      ...(start > firstDay ? { earlier: boardHref({ by, from: addCalendarDays(start, -21) }) } : {}),
      next: boardHref({ by, from: addCalendarDays(shown.at(-1)?.date ?? start, 1) }),
      ...(notice ? { notice } : {}),
    });
  });

  router.post('/staff/board/press-day', async (req, res) => {
    const reference = textField(req.body, 'reference');
    const date = textField(req.body, 'date');
    const tell = textField(req.body, 'tell') === 'on';
    const back = (done: string) => {
      const from = textField(req.body, 'from');
      const by = textField(req.body, 'by') === 'promised' ? 'promised' : 'press';
      const href = boardHref({ by, ...(isCalendarDate(from) ? { from } : {}) });
      return `${href}${href.includes('?') ? '&' : '?'}done=${done}#order-${reference}`;
    };
    if (!/^Q-\d{4}-\d{6}$/.test(reference)) throw noSuchRequest();
    if (!isCalendarDate(date)) return res.redirect(303, back('bad-date'));
    const site = options.prices();
    const capacity = await options.planner.capacity();
    const calendar = withClosedDates(site['order-terms'], capacity.closedDates);
    const { today } = boardToday(options.now(), site, capacity);
    if (date < today) return res.redirect(303, back('past'));
    if (!isBusinessDay(date, calendar)) return res.redirect(303, back('closed'));
    const values = await options.versions.formValuesOf(reference);
    const priced = values && quoteEstimate(values, site, options.now());
    const work = priced?.ok
      ? {
          service: priced.estimate.service,
          pieces: priced.estimate.ladder.find((row) => row.current)?.quantity ?? 0,
        }
      : undefined;
    const order = (await options.production.boardOrders()).find((item) => item.reference === reference);
    if (!order) {
      if (!(await options.desk.getRequestState(reference))) throw noSuchRequest();
      return res.redirect(303, back('not-booked'));
    }
    if (!work && (!order.service || !order.pieces)) return res.redirect(303, back('no-work'));
    const actor = `staff:${staffOf(res)}` as const;
    const outcome = await options.production.movePressDate(reference, {
      date,
      service: order.service ?? work?.service ?? 'screen-printing',
      pieces: order.pieces ?? work?.pieces ?? 0,
      actor,
    });
    options.planner.invalidate();
    if (outcome === 'missing') throw noSuchRequest();
    if (outcome === 'not-booked') return res.redirect(303, back('not-booked'));
    if (tell && order.promised) {
      // The new promise: the press day for a pickup; a shipped order's transit days after it.
      const delivery = deliveryQuote(
        site['order-terms'].delivery,
        { method: 'delivery', zip: values?.[ZIP_FIELD] ?? '' },
        order.pieces ?? work?.pieces ?? 0,
      );
      const shipped = order.promised.handover === 'delivery' && delivery.ok && delivery.shipped;
      const transit = shipped ? site['order-terms'].delivery.shipping.transitBusinessDays : 0;
      const promised = { date: addBusinessDays(date, transit, calendar), handover: order.promised.handover };
      const told = await options.requests.changePromisedDate(reference, promised, actor);
      if (told === 'changed') {
        options.onQueued?.();
        return res.redirect(303, back('told'));
      }
    }
    res.redirect(303, back('moved'));
  });

  return router;
}
