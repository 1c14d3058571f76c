import { type ReactNode, useEffect, useRef } from 'react';

/**
 * Takes the place of a form once it is stored: it stays until the visitor asks for a new form, unlike
 * the toast, so the reference can be copied at leisure. Focus moves to its heading, which is read out.
 */
export function SentPanel({
  title,
  reference,
  email,
  againLabel,
  onAgain,
  children,
}: {
  title: string;
  reference: string;
  email: string;
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
        {email ? (
          <>
            ; a confirmation is on its way to <strong className="break-all">{email}</strong>
          </>
        ) : null}
        .
      </p>
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
