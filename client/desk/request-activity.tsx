import { useShopTime } from '#client/components/shop-time.tsx';
import type { DeskRequestView } from '#shared/desk-contract.ts';
import { Section } from './request-section.tsx';

/** What happened to the request, oldest first, from its arrival on. */
export function ActivitySection({ view }: { view: DeskRequestView }) {
  const { dateTime } = useShopTime();
  return (
    <Section id="activity" title="Activity">
      <ol className="space-y-3">
        <li>
          <p className="text-sm text-stone-600">{dateTime(view.receivedAt)}</p>
          <p>Received from the website</p>
        </li>
        {view.events.map((event, index) => (
          // The log is append-only: an event's place in it never changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <li key={index}>
            <p className="text-sm text-stone-600 wrap-anywhere">
              {dateTime(event.at)} · {event.who}
            </p>
            <p className="wrap-anywhere">{event.what}</p>
            {event.text && (
              <p className="mt-1 rounded bg-stone-50 p-2 text-sm whitespace-pre-line wrap-anywhere">{event.text}</p>
            )}
          </li>
        ))}
      </ol>
    </Section>
  );
}
