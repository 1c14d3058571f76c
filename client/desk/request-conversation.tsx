import { useShopTime } from '#client/components/shop-time.tsx';
import type { DeskRenderOptions, DeskRequestView } from '#shared/desk-contract.ts';
import { TokenField } from './desk-document.tsx';
import { Section } from './request-section.tsx';

/**
 * The conversation with the customer, each message dated (a contact message first, as it came), and
 * the reply: near the top of the page, as it is what the desk answers.
 */
export function ConversationSection({ view, options }: { view: DeskRequestView; options: DeskRenderOptions }) {
  const { dateTime } = useShopTime();
  const base = `/staff/requests/${view.reference}`;
  return (
    <Section id="messages" title="Messages">
      {view.thread.length === 0 ? (
        <p className="text-stone-700">No messages yet.</p>
      ) : (
        <ol className="space-y-3">
          {view.thread.map((message) => (
            <li
              key={`${message.at}-${message.from}`}
              className={`rounded p-3 ${message.from === 'shop' ? 'ml-6 bg-brand-50' : 'mr-6 bg-stone-100'}`}
            >
              <p className="text-sm text-stone-700 wrap-anywhere">
                {message.from === 'shop' ? 'Shop' : 'Customer'} · {message.who} ·{' '}
                <time dateTime={message.at}>{dateTime(message.at)}</time>
              </p>
              <p className="mt-1 whitespace-pre-line wrap-anywhere">{message.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form method="post" action={`${base}/messages`} className="mt-4 space-y-3">
        <TokenField token={options.csrfToken} />
        <label htmlFor="message-text" className="block font-medium wrap-anywhere">
          {view.kind === 'contact' ? 'Reply' : 'Write to the customer'}{' '}
          <span className="font-normal text-stone-600">(e-mailed to {view.email})</span>
        </label>
        <textarea
          id="message-text"
          name="text"
          rows={4}
          required
          maxLength={2000}
          className="w-full rounded border border-stone-400 px-3 py-2"
        />
        <button type="submit" className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Send message
        </button>
      </form>
    </Section>
  );
}
