import { useShopTime } from '#client/components/shop-time.tsx';
import type { DeskRenderOptions, DeskView } from '#shared/desk-contract.ts';
import { SIGN_IN_LINK_CAPS } from '#shared/staff-sign-in.ts';
import { DeskDocument, TokenField } from './desk-document.tsx';

const [quarterHour, day] = SIGN_IN_LINK_CAPS;
const messages = {
  ask: undefined,
  sent: `If that address belongs to the shop’s staff, a sign-in link is on its way. It works once, for 15 minutes. From one connection, an address is sent at most ${quarterHour.limit} links in ${quarterHour.per} and ${day.limit} a ${day.per}: if none comes, use the newest one you have.`,
  invalid: 'That sign-in link has expired, was used already, or a newer one was used. Ask for a new one.',
  'signed-out': 'You are signed out.',
} as const;

/** /staff/sign-in: one field, the same answer for every address (no one learns who is staff). */
export function SignInPage({
  view,
  options,
}: {
  view: Extract<DeskView, { page: 'sign-in' }>;
  options: DeskRenderOptions;
}) {
  const message = messages[view.state];
  return (
    <DeskDocument title="Sign in" options={options}>
      <div className="mx-auto max-w-md rounded-lg bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">Sign in to the desk</h1>
        {message && (
          <p role="status" className="mt-4 rounded bg-brand-50 p-3 text-sm">
            {message}
          </p>
        )}
        <form method="post" action="/staff/sign-in" className="mt-6 space-y-4">
          <TokenField token={options.csrfToken} />
          {view.next && <input type="hidden" name="next" value={view.next} />}
          <div>
            <label htmlFor="staff-email" className="block font-medium">
              Your work e-mail address
            </label>
            <input
              id="staff-email"
              name="email"
              type="email"
              required
              autoComplete="email"
              className="mt-1 w-full rounded border border-stone-400 px-3 py-2"
            />
          </div>
          <button
            type="submit"
            className="w-full rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            E-mail me a sign-in link
          </button>
        </form>
      </div>
    </DeskDocument>
  );
}

/**
 * The page a sign-in link opens: a button, not an automatic sign-in, because mail scanners open links
 * before people do, and a link that signed in on GET would be used up by them. It says whom the link
 * signs in, where, and until when, and what to do with a link nobody asked for. The address is shown
 * whole: only the link's holder sees this page, and the desk would show them the same address once
 * signed in, while a masked one (o•••@…) cannot tell owner@ from orders@ when a link was forwarded.
 */
export function ConfirmSignInPage({
  view,
  options,
}: {
  view: Extract<DeskView, { page: 'confirm-sign-in' }>;
  options: DeskRenderOptions;
}) {
  const time = useShopTime();
  const until = time.dateTime(view.expiresAt);
  return (
    <DeskDocument title="Sign in" options={options}>
      <div className="mx-auto max-w-md rounded-lg bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">Sign in to the {options.shopName} desk</h1>
        <p className="mt-4">
          This signs <strong className="break-all">{view.email}</strong> in to {options.shopName}’s staff desk, where
          the shop answers quote requests and messages, in this browser on this device.
        </p>
        <form method="post" action="/staff/sign-in/confirm" className="mt-6">
          <TokenField token={options.csrfToken} />
          <input type="hidden" name="token" value={view.token} />
          <button
            type="submit"
            className="w-full rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            Sign in to the desk
          </button>
        </form>
        <p className="mt-4 text-sm text-stone-700">
          The link works once, until <span className="whitespace-nowrap">{until}</span>. Once used, it and any other
          link mailed to this address stop working.
        </p>
        <h2 className="mt-6 font-semibold">Did not ask for it?</h2>
        <p className="mt-1 text-sm text-stone-700">
          Do not press the button: close this page. Nothing happens without it, and the link ends by itself at that
          time. Someone typed this address on the desk’s sign-in page; the link went only to its mailbox. If such mails
          keep coming, tell whoever runs the shop’s website.
        </p>
      </div>
    </DeskDocument>
  );
}
