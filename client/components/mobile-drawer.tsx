import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { menus, quoteLink } from '#shared/routes.ts';
import { useOpenUntilNavigation } from './use-open-until-navigation.ts';

const linkClass =
  'block rounded-lg px-4 py-3 text-base font-semibold text-stone-800 hover:bg-stone-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800';

const menuIcon = (
  <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
    <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/** The menu's links, in the drawer and in the menu without JavaScript. */
function MenuLinks() {
  return (
    <>
      <NavLink to="/" end className={linkClass}>
        Home
      </NavLink>
      <p className="mt-3 px-4 text-xs font-bold uppercase tracking-wide text-stone-600">Pricing</p>
      {menus.pricing.map((link) => (
        <NavLink key={link.to} to={link.to} className={linkClass}>
          {link.label}
        </NavLink>
      ))}
      <div className="my-2 border-t border-stone-200" />
      {[...menus.company, ...menus.help].map((link) => (
        <NavLink key={link.to} to={link.to} className={linkClass}>
          {link.label}
        </NavLink>
      ))}
      <NavLink
        to={quoteLink.to}
        end
        className="mt-4 block rounded-full bg-brand-700 px-4 py-3 text-center font-bold text-white hover:bg-brand-800"
      >
        {quoteLink.label}
      </NavLink>
    </>
  );
}

/**
 * The small-screen menu before the page runs, or without JavaScript: a <details> the browser opens and
 * closes by itself, its panel hanging below the header. Once the page runs, the drawer's button takes
 * its place (.no-js-only / .js-swap), at the same size, so nothing moves.
 */
function NoScriptMenu() {
  return (
    <details className="no-js-only relative lg:hidden">
      <summary className="inline-flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-lg text-stone-800 hover:bg-stone-100 [&::-webkit-details-marker]:hidden">
        <span className="sr-only">Menu</span>
        {menuIcon}
      </summary>
      <div className="absolute right-0 top-full z-40 mt-2 max-h-[calc(100dvh-6rem)] w-[min(20rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-stone-200 bg-white p-3 shadow-2xl">
        <div className="flex flex-col gap-1">
          <MenuLinks />
        </div>
      </div>
    </details>
  );
}

/**
 * The small-screen menu: a modal <dialog> sliding in from the right. The browser makes the rest of
 * the page inert while it is open; Tab and Shift+Tab are kept cycling inside it, Escape and the
 * backdrop close it, the page behind does not scroll, and focus returns to the menu button.
 */
export function MobileDrawer() {
  const [open, setOpen] = useOpenUntilNavigation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      document.documentElement.classList.add('overflow-hidden');
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // However it closed (Escape, backdrop, button, navigation), the browser has already put focus back
  // on the element that opened it.
  function onClose() {
    setOpen(false);
    document.documentElement.classList.remove('overflow-hidden');
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>('a[href], button')];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <>
      <NoScriptMenu />
      <button
        ref={buttonRef}
        type="button"
        className="js-swap inline-flex h-11 w-11 items-center justify-center rounded-lg text-stone-800 hover:bg-stone-100 lg:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <span className="sr-only">Open the menu</span>
        {menuIcon}
      </button>
      <dialog
        ref={dialogRef}
        aria-label="Menu"
        className="drawer m-0 ml-auto h-dvh max-h-none w-[min(20rem,85vw)] max-w-none bg-white p-0 shadow-2xl backdrop:bg-stone-900/50"
        onClose={onClose}
        onKeyDown={onKeyDown}
        onClick={(event) => {
          // A click on the dialog element itself is a click on its backdrop.
          if (event.target === event.currentTarget) setOpen(false);
        }}
      >
        <div className="flex h-full flex-col gap-1 p-4">
          <div className="mb-2 flex items-center justify-between">
            <p className="text-lg font-extrabold">Menu</p>
            <button
              type="button"
              className="inline-flex h-11 w-11 items-center justify-center rounded-lg hover:bg-stone-100"
              onClick={() => setOpen(false)}
            >
              <span className="sr-only">Close the menu</span>
              <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <nav aria-label="Menu" className="flex flex-col gap-1">
            <MenuLinks />
          </nav>
        </div>
      </dialog>
    </>
  );
}
