import { useEffect, useMemo, useState } from 'react';
import { useHydrated } from '#client/forms/use-hydrated.ts';
import { MAX_ORDER_QUANTITY } from '#shared/pricing/tiers.ts';
import type { LoadDates } from '#shared/production/production-load.ts';
import { isServiceId, type ServiceId } from '#shared/service-ids.ts';

/** /api/dates's answer (server/production/dates-routes.ts). */
interface DatesAnswer {
  service: ServiceId;
  pieces: number;
  pressFrom: string | null;
  closedDates: string[];
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function readAnswer(body: unknown): DatesAnswer | null {
  if (typeof body !== 'object' || body === null) return null;
  const { service, pieces, pressFrom, closedDates } = body as Record<string, unknown>;
  if (typeof service !== 'string' || !isServiceId(service) || typeof pieces !== 'number') return null;
  if (pressFrom !== null && (typeof pressFrom !== 'string' || !isoDate.test(pressFrom))) return null;
  if (!Array.isArray(closedDates) || !closedDates.every((date) => typeof date === 'string' && isoDate.test(date)))
    return null;
  return { service, pieces, pressFrom, closedDates: closedDates as string[] };
}

/** Keystrokes in the quantity field are let settle before the shop is asked. */
const SETTLE_MS = 250;

/**
 * The shop's load as an estimate reads it, for this service and quantity: the earliest press day,
 * asked of /api/dates (never cached: every approval changes it). Pages are cached, so the date in the
 * HTML counts business days alone; once the answer comes, the estimate's date is the one the shop can
 * keep. Undefined before hydration (the first render matches the server's) and until the answer.
 */
export function useLoadDates(service: ServiceId | undefined, pieces: number): LoadDates | undefined {
  const hydrated = useHydrated();
  const [answer, setAnswer] = useState<DatesAnswer | null>(null);
  const askable = hydrated && service !== undefined && Number.isInteger(pieces) && pieces >= 1;
  useEffect(() => {
    if (!askable || pieces > MAX_ORDER_QUANTITY) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const query = new URLSearchParams({ service, pieces: String(pieces) });
      fetch(`/api/dates?${query.toString()}`, { signal: controller.signal, headers: { accept: 'application/json' } })
        .then((response) => (response.ok ? response.json() : null))
        .then((body: unknown) => setAnswer(readAnswer(body)))
        // Offline, or the shop unreachable: the business-day date stays, as without JavaScript.
        .catch(() => {});
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [askable, service, pieces]);
  return useMemo(() => {
    if (!answer) return undefined;
    return {
      closedDates: answer.closedDates.map((date) => ({ date, note: 'Closed' })),
      pressFrom: (asked, count) =>
        asked === answer.service && count === answer.pieces ? (answer.pressFrom ?? undefined) : undefined,
    };
  }, [answer]);
}
