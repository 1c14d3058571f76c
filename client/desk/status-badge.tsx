import { type RequestStatus, statusLabels } from '#shared/requests/request-status.ts';

const tones: Record<RequestStatus, string> = {
  new: 'bg-brand-100 text-brand-800',
  quoted: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  proof_sent: 'bg-amber-100 text-amber-900',
  proof_approved: 'bg-emerald-100 text-emerald-900',
  in_production: 'bg-sky-100 text-sky-900',
  ready: 'bg-emerald-100 text-emerald-900',
  completed: 'bg-stone-200 text-stone-800',
  cancelled: 'bg-stone-200 text-stone-700',
  handled: 'bg-stone-200 text-stone-800',
};

/** A request's status as a small label; the colour repeats the word, never replaces it. */
export function StatusBadge({ status }: { status: RequestStatus }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tones[status]}`}>
      {statusLabels[status]}
    </span>
  );
}

/** An order at risk on the production board: said in words (the title), marked in red. */
export function RiskBadge({ risk }: { risk: string }) {
  return (
    <span
      className="inline-block rounded bg-red-700 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-white"
      title={risk}
    >
      {risk.startsWith('Late') ? 'Late' : 'At risk'}
    </span>
  );
}

/** A customer asked for a fresh quote for their expired one: the request needs a new quote. */
export function FreshQuoteBadge() {
  return (
    <span className="inline-block rounded bg-amber-200 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-950">
      Needs a new quote
    </span>
  );
}
