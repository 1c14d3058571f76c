import type { ReactNode } from 'react';
import { PrivateHead } from '#client/components/private-head.tsx';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { DeskRenderOptions } from '#shared/desk-contract.ts';

/** The hidden token every desk form carries (the desk has no JavaScript to send a header). */
export function TokenField({ token }: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={token} />;
}

/**
 * The whole document of a desk page: its own plain header (the shop's name, the inbox, who is signed
 * in, sign out), never the public site's shell. Not indexed, and the stylesheet is the site's own.
 */
export function DeskDocument({
  title,
  options,
  staff,
  children,
}: {
  title: string;
  options: DeskRenderOptions;
  /** Who is signed in; absent on the sign-in pages. */
  staff?: string;
  children: ReactNode;
}) {
  return (
    <html lang="en-US">
      <PrivateHead title={`${title} - ${options.shopName} desk`} stylesheets={options.stylesheets} />
      <body className="min-h-screen bg-stone-100 text-stone-900">
        <header className="border-b border-stone-300 bg-white print:hidden">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
            <a href="/staff" className="text-lg font-bold text-brand-700">
              {options.shopName} desk
            </a>
            {staff && (
              <nav
                aria-label="Desk"
                className="flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm sm:w-auto sm:flex-1 sm:justify-end"
              >
                <a href="/staff" className="font-semibold underline">
                  Inbox
                </a>
                <a href="/staff/board" className="font-semibold underline">
                  Board
                </a>
                <a href="/staff/blanks" className="font-semibold underline">
                  Blanks
                </a>
                <a href="/staff/books" className="font-semibold underline">
                  Books
                </a>
                <span className="text-stone-600">
                  Signed in as <span className="font-medium text-stone-900">{staff}</span>
                </span>
                <form method="post" action="/staff/sign-out">
                  <TokenField token={options.csrfToken} />
                  <button type="submit" className="rounded border border-stone-400 px-3 py-1 hover:bg-stone-100">
                    Sign out
                  </button>
                </form>
              </nav>
            )}
          </div>
        </header>
        <main className="mx-auto max-w-6xl px-4 py-6 print:max-w-none print:p-0">{children}</main>
      </body>
    </html>
  );
}
