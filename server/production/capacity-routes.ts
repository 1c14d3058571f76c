import { type Request, type Response, Router } from 'express';
import { staffOf, textField } from '#server/http/desk-request.ts';
import type { DeskView } from '#shared/desk-contract.ts';
import { shopTime } from '#shared/pricing/business-days.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import type { CapacityView } from '#shared/production/board-view.ts';
import { capacitySchema } from '#shared/production/capacity-schema.ts';
import type { Capacity } from '#shared/production/production-load.ts';
import { serviceIds } from '#shared/service-ids.ts';
import { capacityChangeSummary, serviceNames } from './board-views.ts';
import type { ProductionPlanner, ProductionStore } from './production-store.ts';

export interface CapacityRoutesOptions {
  production: Pick<ProductionStore, 'capacityChanges' | 'saveCapacity'>;
  planner: ProductionPlanner;
  render: (req: Request, res: Response, view: DeskView, status?: number) => Promise<void>;
  prices: () => PricingData;
  now: () => Date;
}

/** How many changes the page lists. */
const CHANGES_SHOWN = 20;
const MAX_CLOSED_TEXT = 20_000;

const weekDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** The weekdays the presses run, in words: "Monday to Friday", or a list when they are not in a row. */
function workingDaysText(closed: readonly string[]): string {
  const open = weekDays.filter((day) => !closed.includes(day));
  const indexes = open.map((day) => weekDays.indexOf(day));
  const inARow = indexes.every((index, position) => position === 0 || index === (indexes[position - 1] ?? 0) + 1);
  if (open.length > 2 && inARow) return `${open[0]} to ${open.at(-1)}`;
  return open.join(', ');
}

/** The form's closed dates, one a line: "2026-12-31 Inventory" (the note is optional). */
function closedDatesText(capacity: Capacity): string {
  return capacity.closedDates.map(({ date, note }) => (note ? `${date} ${note}` : date)).join('\n');
}

/** The posted form as a capacity, or the errors beside its fields. */
function readCapacityForm(
  body: unknown,
): { ok: true; capacity: Capacity } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const perDay: Record<string, number> = {};
  for (const service of serviceIds) {
    const text = textField(body, `perDay.${service}`);
    if (!/^\d{1,7}$/.test(text))
      errors[`perDay.${service}`] = 'Give the pieces a day as a whole number (0 when it does not run).';
    else perDay[service] = Number(text);
  }
  const closedDates: Capacity['closedDates'] = [];
  const lines = textField(body, 'closedDates').slice(0, MAX_CLOSED_TEXT).split('\n');
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === '') return;
    const match = /^(\S+)\s*(.*)$/.exec(trimmed);
    closedDates.push({ date: match?.[1] ?? '', note: match?.[2] ?? '' });
    if (!match) errors.closedDates = `Line ${index + 1}: start with the date, YYYY-MM-DD.`;
  });
  closedDates.sort((a, b) => a.date.localeCompare(b.date));
  const parsed = capacitySchema.safeParse({ perDay, closedDates });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [area, key, field] = issue.path;
      if (area === 'perDay' && typeof key === 'string') errors[`perDay.${key}`] ??= `Pieces a day ${issue.message}.`;
      else if (area === 'closedDates') {
        const item = typeof key === 'number' ? closedDates[key] : undefined;
        errors.closedDates ??= item
          ? `“${item.date}”: the ${field === 'note' ? 'note' : 'date'} ${issue.message}.`
          : `Closed dates: ${issue.message}.`;
      }
    }
  }
  return Object.keys(errors).length > 0 || !parsed.success
    ? { ok: false, errors }
    : { ok: true, capacity: parsed.data };
}

/**
 * The capacity settings at /staff/capacity: pieces per working day per service and the dates the shop is
 * closed, saved as a new change (who and when kept) and in force at once, for every date the site promises
 * from then on. The holidays of the order terms are listed for reference.
 */
export function capacityRoutes(options: CapacityRoutesOptions): Router {
  const router = Router();

  async function show(
    req: Request,
    res: Response,
    form: { perDay: CapacityView['perDay']; closedDates: string } | undefined,
    errors: Record<string, string>,
    status = 200,
  ) {
    const changes = await options.production.capacityChanges(CHANGES_SHOWN + 1);
    const inForce = changes[0]?.capacity ?? (await options.planner.capacity());
    const site = options.prices();
    const today = shopTime(options.now(), site['order-terms'].timeZone).date;
    const done = req.query.done === 'saved';
    await options.render(
      req,
      res,
      {
        page: 'capacity',
        staff: staffOf(res),
        perDay: form?.perDay ?? {
          'screen-printing': String(inForce.perDay['screen-printing']),
          'direct-to-garment': String(inForce.perDay['direct-to-garment']),
          embroidery: String(inForce.perDay.embroidery),
        },
        closedDates: form?.closedDates ?? closedDatesText(inForce),
        serviceNames,
        workingDays: workingDaysText(site['order-terms'].closedWeekdays),
        holidays: site['order-terms'].holidays.filter((holiday) => holiday.date >= today).slice(0, 8),
        errors,
        changes: changes.slice(0, CHANGES_SHOWN).map((change, index) => ({
          at: change.changedAt.toISOString(),
          by: change.changedBy.replace(/^staff:/, ''),
          summary: capacityChangeSummary(change, changes[index + 1]),
        })),
        ...(done
          ? { notice: { type: 'success' as const, text: 'Capacity saved: every date from now on counts with it.' } }
          : {}),
        ...(Object.keys(errors).length > 0
          ? { notice: { type: 'error' as const, text: 'Nothing was saved: see the fields marked below.' } }
          : {}),
      },
      status,
    );
  }

  router.get('/staff/capacity', (req, res) => show(req, res, undefined, {}));

  router.post('/staff/capacity', async (req, res) => {
    const read = readCapacityForm(req.body);
    if (!read.ok) {
      const typed = {
        perDay: {
          'screen-printing': textField(req.body, 'perDay.screen-printing'),
          'direct-to-garment': textField(req.body, 'perDay.direct-to-garment'),
          embroidery: textField(req.body, 'perDay.embroidery'),
        },
        closedDates: textField(req.body, 'closedDates').slice(0, MAX_CLOSED_TEXT),
      };
      return show(req, res, typed, read.errors, 422);
    }
    await options.production.saveCapacity(read.capacity, `staff:${staffOf(res)}`);
    options.planner.invalidate();
    res.redirect(303, '/staff/capacity?done=saved');
  });

  return router;
}
