import { type ReactNode, useEffect, useRef } from 'react';

/**
 * Takes the place of a form once it is stored: it stays until the visitor asks for a new form, unlike
 * the toast, so the reference can be copied at leisure. Focus moves to its heading, which is read out.
 */
export function SentPanel({
  title,
  reference,
  email,
  confirmationSkipped = false,
  againLabel,
  onAgain,
  children,
}: {
  title: string;
  reference: string;
  email: string;
  /** The address had its most confirmations today: say so rather than promise one. */
  confirmationSkipped?: boolean;
  againLabel: string;
  onAgain: () => void;
  children?: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The panel is much shorter than the form it replaces: show it from its top, clear of the header.
    heading.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <div
      ref={panel}
      role="status"
      data-testid="form-sent"
      className="scroll-mt-4 rounded-2xl border border-green-700/30 bg-green-50 p-6 text-green-950 shadow-sm sm:p-8"
    >
      <h3 ref={heading} tabIndex={-1} className="text-2xl font-extrabold focus:outline-none">
        {title}
      </h3>
      {reference ? (
        <p className="mt-3 text-lg">
          Your reference is <strong className="font-mono text-xl tracking-wide whitespace-nowrap">{reference}</strong>.
          Quote it when you call or write to us about this.
        </p>
      ) : null}
      <p className="mt-3">
        What happens next: we reply within one business day
        {email && !confirmationSkipped ? (
          <>
            ; a confirmation is on its way to <strong className="break-all">{email}</strong>
          </>
        ) : null}
        .
      </p>
      {confirmationSkipped ? (
        <p className="mt-3">
          We did not e-mail a confirmation this time: this address has had the most we send in a day. Note your
          reference; our reply still comes by e-mail.
        </p>
      ) : null}
      {children}
      <button
        type="button"
        onClick={onAgain}
        className="mt-6 rounded-full border border-green-800/40 bg-white px-5 py-2.5 font-semibold text-stone-900 hover:bg-green-100"
      >
        {againLabel}
      </button>
    </div>
  );
}

/**
 * The private page of the quote request just sent, with its whole address to copy or bookmark: the
 * visitor's only way back to it besides the confirmation mail. Shown to the sender alone.
 */
export function PrivatePageLink({ path }: { path: string }) {
  const address = typeof window === 'undefined' ? path : new URL(path, window.location.href).href;
  return (
    <div className="mt-4 rounded-xl border border-green-800/30 bg-white p-4">
      <p className="font-semibold">Follow your request on its private page:</p>
      <p className="mt-1 font-mono text-sm break-all">
        <a className="underline" href={path}>
          {address}
        </a>
      </p>
      <p className="mt-1 text-sm">
        Bookmark it: you will see where your order stands, and can write to us or send more artwork there. The link is
        in your confirmation e-mail too. Keep it to yourself.
      </p>
    </div>
  );
}
