import { useEffect, useId, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { pricingLinks } from '#client/menu-links.ts';
import { useOpenUntilNavigation } from './use-open-until-navigation.ts';

/**
 * The desktop Pricing dropdown: a disclosure button and a list of links. It opens by click, Enter,
 * Space or Arrow Down, and closes on a click anywhere outside, on Escape (focus back to the button) and
 * on navigation. Before hydration (or without JavaScript) CSS opens it on hover and keyboard focus.
 */
export function PricingMenu({ itemClassName }: { itemClassName: string }) {
  const [open, setOpen] = useOpenUntilNavigation();
  const location = useLocation();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const inPricing = location.pathname.startsWith('/pricing/');

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, setOpen]);

  return (
    <div ref={rootRef} className="no-js-disclosure relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        data-active={inPricing || undefined}
        className={`${itemClassName} inline-flex items-center gap-1 data-[active]:text-brand-700`}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown') return;
          event.preventDefault();
          setOpen(true);
          // After the list is shown, so the first link can take focus.
          requestAnimationFrame(() => rootRef.current?.querySelector<HTMLAnchorElement>('ul a')?.focus());
        }}
      >
        Pricing
        <svg
          width="12"
          height="12"
          viewBox="0 0 12 12"
          aria-hidden="true"
          className={`transition-transform ${open ? 'rotate-180' : ''}`}
        >
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <ul
        id={menuId}
        className={`${open ? 'block' : 'hidden'} absolute right-0 z-40 mt-2 w-60 rounded-xl border border-stone-200 bg-white p-1.5 shadow-xl`}
      >
        {pricingLinks.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={`${itemClassName} block`}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
