import { EmailLink } from '#client/components/contact-links.tsx';
import { PrivatePageLink } from './sent-panel.tsx';

/**
 * What the confirmation of a quote request says besides the reference: what was sent, the private page,
 * and where artwork can still go. The same under the panel that replaces the form (with JavaScript) and
 * on the confirmation page a post without JavaScript lands on. No estimate: the request is what the
 * shop prices now, and the figure to go by is the quote that follows.
 */
export function QuoteReceipt({
  summary,
  link,
  mockups = [],
}: {
  summary?: string | undefined;
  link?: string | undefined;
  /** The mockups' views, drawn by the server and shown from the private page. */
  mockups?: readonly ('front' | 'back')[] | undefined;
}) {
  // The link may lead to a part of the page (#group); the pictures' addresses are the page's, with none.
  const page = link?.replace(/#.*$/, '');
  return (
    <>
      {summary ? <p className="mt-3">Your request: {summary}.</p> : null}
      {page && mockups.length > 0 ? (
        <div className="mt-3 flex gap-2" data-testid="sent-mockups">
          {mockups.map((view) => (
            <img
              key={view}
              src={`${page}/mockups/${view}`}
              alt={`Your design on the garment, ${view}`}
              width={900}
              height={1050}
              className="h-auto w-32 rounded border border-stone-200 bg-stone-100"
            />
          ))}
        </div>
      ) : null}
      {link ? <PrivatePageLink path={link} /> : null}
      <p className="mt-3">
        Artwork you did not attach can follow by e-mail to{' '}
        <EmailLink className="font-semibold break-words text-brand-800 underline" />, with your reference.
      </p>
    </>
  );
}
