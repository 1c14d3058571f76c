import { useEffect, useMemo, useState } from 'react';
import { useAppContext } from '#client/app-context.tsx';
import { useHydrated } from '#client/forms/use-hydrated.ts';
import {
  askablePieces,
  type DatesAnswer,
  loadDatesFromAnswer,
  readDatesAnswer,
} from '#shared/production/dates-answer.ts';
import type { LoadDates } from '#shared/production/production-load.ts';
import type { ServiceId } from '#shared/service-ids.ts';

/** Keystrokes in the quantity field are let settle before the shop is asked. */
const SETTLE_MS = 250;

/**
 * The shop's load as an estimate reads it, for this service and quantity: the earliest press day,
 * asked of /api/dates (never cached: every approval changes it) once hydrated. A calculator page and the
 * quote form come with the answer for the order they were rendered for (client/page-load-dates.ts, the
 * page cache keyed on the load), so their HTML, the render that hydrates them and the page without
 * JavaScript show the date the shop can keep; a page reached by a link counts business days alone until
 * the answer comes. Undefined while there is no answer for this question.
 */
export function useLoadDates(service: ServiceId | undefined, pieces: number): LoadDates | undefined {
  const hydrated = useHydrated();
  const { state } = useAppContext();
  // Only while hydrating the server's HTML: rendered afresh later (a navigation), the page's answer may be old.
  const [answer, setAnswer] = useState<DatesAnswer | null>(() => (hydrated ? null : (state.load ?? null)));
  const askable = hydrated && service !== undefined && askablePieces(pieces);
  useEffect(() => {
    if (!askable) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const query = new URLSearchParams({ service, pieces: String(pieces) });
      fetch(`/api/dates?${query.toString()}`, { signal: controller.signal, headers: { accept: 'application/json' } })
        .then((response) => (response.ok ? response.json() : null))
        .then((body: unknown) => {
          // Offline or refused: an answer already there (the page's own) stays.
          const read = readDatesAnswer(body);
          if (read) setAnswer(read);
        })
        // Offline, or the shop unreachable: the date the page came with stays, as without JavaScript.
        .catch(() => {});
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [askable, service, pieces]);
  return useMemo(() => (answer ? loadDatesFromAnswer(answer) : undefined), [answer]);
}
