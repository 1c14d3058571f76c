import { useShopTime } from '#client/components/shop-time.tsx';
import type { CustomerPageView } from '#shared/customer-page-contract.ts';
import { daysLeftText, formatDay } from '#shared/desk-format.ts';
import { PageSection } from './customer-document.tsx';

const waiting = {
  shop: 'Waiting on us',
  customer: 'Waiting on you',
  nobody: undefined,
} as const;

const marks = {
  done: 'border-emerald-700 bg-emerald-700',
  current: 'border-brand-700 bg-white ring-4 ring-brand-100',
  ahead: 'border-stone-300 bg-white',
} as const;

/** Where the request stands: what happens next and who is waiting, the in-hands date, and the timeline. */
export function StatusSection({ view }: { view: CustomerPageView }) {
  const { day } = useShopTime();
  const label = waiting[view.next.waitingOn];
  return (
    <PageSection id="status" title="Where it stands">
      <div className="rounded bg-brand-50 p-3">
        {label && <p className="text-sm font-bold tracking-wide text-brand-800 uppercase">{label}</p>}
        <p className="mt-1">{view.next.text}</p>
      </div>
      {view.promised && (
        <p className="mt-4 rounded bg-emerald-50 p-3 text-emerald-950">
          <span className="font-semibold">
            {view.promised.handover === 'pickup' ? 'Ready for pickup on' : 'Delivered to you by'}{' '}
            {formatDay(view.promised.date)}
          </span>
          . We will tell you at once should that change.
        </p>
      )}
      {view.inHands && (
        <p className="mt-4">
          <span className="font-medium">Needed in hands:</span> {formatDay(view.inHands.date)}{' '}
          <span className={view.inHands.daysLeft < 7 ? 'font-semibold text-brand-800' : 'text-stone-700'}>
            ({daysLeftText(view.inHands.daysLeft)})
          </span>
        </p>
      )}
      <ol aria-label="Progress" className="mt-4">
        {view.timeline.map((step, index) => (
          <li
            key={step.status}
            aria-current={step.state === 'current' ? 'step' : undefined}
            className="relative flex gap-3 pb-4 last:pb-0"
          >
            {index < view.timeline.length - 1 && (
              <span
                aria-hidden="true"
                className={`absolute top-5 left-[0.5625rem] h-[calc(100%-1.25rem)] w-0.5 ${
                  step.state === 'done' ? 'bg-emerald-700' : 'bg-stone-300'
                }`}
              />
            )}
            <span
              aria-hidden="true"
              className={`relative mt-0.5 size-5 shrink-0 rounded-full border-2 ${marks[step.state]}`}
            />
            <span className="min-w-0">
              <span
                className={`block ${step.state === 'ahead' ? 'text-stone-600' : 'font-semibold'} ${
                  step.state === 'current' ? 'text-brand-800' : ''
                }`}
              >
                {step.label}
                {step.state === 'current' && <span className="sr-only"> (now)</span>}
                {step.state === 'done' && <span className="sr-only"> (done)</span>}
              </span>
              {step.at && <span className="block text-sm text-stone-600">{day(step.at)}</span>}
            </span>
          </li>
        ))}
      </ol>
    </PageSection>
  );
}
