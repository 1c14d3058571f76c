import { MAX_ORDER_QUANTITY } from '#shared/pricing/tiers.ts';
import { isServiceId, type ServiceId } from '#shared/service-ids.ts';
import type { LoadDates } from './production-load.ts';

/**
 * The shop's load for one estimate, as /api/dates answers it (server/production/dates-routes.ts) and as a
 * calculator page embeds it (client/entry-server.tsx): the earliest press day for this many pieces of this
 * service, and the closed dates without their notes. Nothing of any other order.
 */
export interface DatesAnswer {
  service: ServiceId;
  pieces: number;
  pressFrom: string | null;
  closedDates: string[];
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Whether the load can be asked about this many pieces (what /api/dates accepts). */
export function askablePieces(pieces: number): boolean {
  return Number.isInteger(pieces) && pieces >= 1 && pieces <= MAX_ORDER_QUANTITY;
}

/** The answer for this service and quantity, read from the load. */
export function datesAnswerOf(dates: LoadDates, service: ServiceId, pieces: number): DatesAnswer {
  return {
    service,
    pieces,
    pressFrom: dates.pressFrom(service, pieces) ?? null,
    closedDates: dates.closedDates.map(({ date }) => date),
  };
}

/** An answer read back from JSON, or null when it is not one. */
export function readDatesAnswer(body: unknown): DatesAnswer | null {
  if (typeof body !== 'object' || body === null) return null;
  const { service, pieces, pressFrom, closedDates } = body as Record<string, unknown>;
  if (typeof service !== 'string' || !isServiceId(service) || typeof pieces !== 'number') return null;
  if (pressFrom !== null && (typeof pressFrom !== 'string' || !isoDate.test(pressFrom))) return null;
  if (!Array.isArray(closedDates) || !closedDates.every((date) => typeof date === 'string' && isoDate.test(date)))
    return null;
  return { service, pieces, pressFrom, closedDates: closedDates as string[] };
}

/**
 * The load as an estimate reads it from one answer: the press day for exactly that service and quantity,
 * and for anything else none (business days alone), so an answer never dates another question.
 */
export function loadDatesFromAnswer(answer: DatesAnswer): LoadDates {
  return {
    closedDates: answer.closedDates.map((date) => ({ date, note: 'Closed' })),
    pressFrom: (asked, count) =>
      asked === answer.service && count === answer.pieces ? (answer.pressFrom ?? undefined) : undefined,
  };
}
