import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAppContext } from '#client/app-context.tsx';

/** What the panel offers once read: a new form in place (with JavaScript), or a link to the form's page. */
type Again = { label: string; onClick: () => void } | { label: string; to: string };

const againClass =
  'mt-6 inline-block rounded-full border border-green-800/40 bg-white px-5 py-2.5 font-semibold text-stone-900 hover:bg-green-100';

/**
 * Takes the place of a form once it is stored: it stays until the visitor asks for a new form, unlike
 * the toast, so the reference can be copied at leisure. Focus moves to its heading, which is read out.
 * The confirmation page of a request sent without JavaScript shows the same panel, with an h1 of its own
 * and focus left where the page load puts it (`inPlace` false).
 */
export function SentPanel({
  title,
  reference,
  email,
  confirmationSkipped = false,
  again,
  inPlace = true,
  children,
}: {
  title: string;
  reference: string;
  /** Where the confirmation goes; without it the panel says "your inbox". */
  email?: string;
  /** The address had its most confirmations today: say so rather than promise one. */
  confirmationSkipped?: boolean;
  again: Again;
  /** Shown in place of the form just sent (an h3, focus moved to it), rather than as a page (an h1). */
  inPlace?: boolean;
  children?: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!inPlace) return;
    // The panel is much shorter than the form it replaces: show it from its top, clear of the header.
    heading.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView({ block: 'start' });
  }, [inPlace]);
  const Heading = inPlace ? 'h3' : 'h1';
  return (
    <div
      ref={panel}
      role="status"
      data-testid="form-sent"
      className="scroll-mt-4 rounded-2xl border border-green-700/30 bg-green-50 p-6 text-green-950 shadow-sm sm:p-8"
    >
      <Heading
        ref={heading}
        tabIndex={inPlace ? -1 : undefined}
        className={`${inPlace ? 'text-2xl' : 'text-3xl sm:text-4xl'} font-extrabold focus:outline-none`}
      >
        {title}
      </Heading>
      {reference ? (
        <p className="mt-3 text-lg">
          Your reference is <strong className="font-mono text-xl tracking-wide whitespace-nowrap">{reference}</strong>.
          Quote it when you call or write to us about this.
        </p>
      ) : null}
      <p className="mt-3">
        What happens next: we reply within one business day
        {confirmationSkipped ? null : email ? (
          <>
            ; a confirmation is on its way to <strong className="break-words">{email}</strong>
          </>
        ) : (
          '; a confirmation is on its way to your inbox'
        )}
        .
      </p>
      {confirmationSkipped ? (
        <p className="mt-3">
          We did not e-mail a confirmation this time: this address has had the most we send in a day. Note your
          reference; our reply still comes by e-mail.
        </p>
      ) : null}
      {children}
      {'onClick' in again ? (
        <button type="button" onClick={again.onClick} className={againClass}>
          {again.label}
        </button>
      ) : (
        <Link to={again.to} className={againClass}>
          {again.label}
        </Link>
      )}
    </div>
  );
}

/**
 * Copies a text (the reference, the private link) to the clipboard. A progressive enhancement: it takes no
 * room until the page runs (.js-swap), since without JavaScript it could do nothing; the address beside it
 * can always be selected and copied by hand. What happened is said in a status line next to it.
 */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  }
  return (
    <p className="js-swap mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
      <button
        type="button"
        onClick={() => void copy()}
        className="inline-flex min-h-11 items-center rounded-full border border-green-800/40 bg-green-50 px-4 py-2 text-sm font-semibold text-stone-900 hover:bg-green-100"
      >
        {label}
      </button>
      <span role="status" className="text-sm">
        {outcome === 'copied' ? 'Copied.' : outcome === 'failed' ? 'Could not copy: select the address instead.' : ''}
      </span>
    </p>
  );
}

/**
 * The private page of the quote request just sent, with its whole address to copy or bookmark: the
 * visitor's only way back to it besides the confirmation mail. Shown to the sender alone.
 */
export function PrivatePageLink({ path }: { path: string }) {
  // The site's public address, the same on the server and in the browser (no hydration difference).
  const address = `${useAppContext().state.publicUrl}${path}`;
  return (
    <div className="mt-4 rounded-xl border border-green-800/30 bg-white p-4">
      <p className="font-semibold">Follow your request on its private page:</p>
      <p className="mt-1 font-mono text-sm [overflow-wrap:anywhere]">
        <a className="underline" href={path}>
          {address}
        </a>
      </p>
      <CopyButton text={address} label="Copy the link" />
      <p className="mt-2 text-sm">
        Bookmark it: you will see where your order stands, and can write to us or send more artwork there. The link is
        in your confirmation e-mail too. Keep it to yourself.
      </p>
    </div>
  );
}
