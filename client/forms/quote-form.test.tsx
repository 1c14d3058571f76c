// @vitest-environment happy-dom
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { quotePrefill } from '#shared/submissions/quote-fields.ts';
import { appContext, site, WithApp } from '#tests/support/app-context.tsx';
import { answerWith } from '#tests/support/fetch-stub.ts';
import { reactContainer } from '#tests/support/react-container.ts';
import { loadSchemaChecks } from './load-schema-checks.ts';
import { QuoteForm } from './quote-form.tsx';

const view = reactContainer();

// In a page the visitor's first focus fetches the checks long before they send; here they are fetched
// once up front, so a submit settles in the few turns `submit()` waits.
beforeAll(() => loadSchemaChecks());

afterEach(() => {
  vi.unstubAllGlobals();
});

const prefillOf = (query: string) => quotePrefill(new URLSearchParams(query), site);

function app(query: string) {
  return (
    <WithApp value={appContext()}>
      <QuoteForm prefill={prefillOf(query)} estimateTestId="quote-estimate" />
    </WithApp>
  );
}

/** The server's HTML, then hydration, as in the browser. */
function serverThenHydrate(query: string) {
  view.container.innerHTML = renderToString(app(query));
  // happy-dom's parser selects the wrong option when a later one carries `selected`; a browser does not.
  for (const option of view.container.querySelectorAll<HTMLOptionElement>('option[selected]')) option.selected = true;
  const serverHtml = view.container.innerHTML;
  view.hydrate(app(query));
  return serverHtml;
}

const control = (name: string) =>
  view.container.querySelector<HTMLInputElement & HTMLSelectElement>(`[name="${name}"]`) as HTMLInputElement &
    HTMLSelectElement;
const estimate = () => view.container.querySelector('[data-testid="quote-estimate"]')?.textContent ?? '';

/** Types or picks as a person would: past React's record of the value, so React sees the change. */
function change(name: string, value: string) {
  act(() => {
    const element = control(name);
    const prototype = Object.getPrototypeOf(element) as object;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event(element.localName === 'select' ? 'change' : 'input', { bubbles: true }));
  });
}

describe('quote form', () => {
  it('renders the estimate of a calculator link on the server and every location row without JavaScript', () => {
    const html = renderToString(app('service=embroidery&q=24&w1=3.5&garment=pique-polo'));
    view.container.innerHTML = html;
    expect(control('qtyM').value).toBe('24');
    expect(control('loc1Width').value).toBe('3.5');
    // The width's stitch estimate is said beside it.
    expect(view.container.textContent).toContain('That is about 6,100 stitches.');
    // Every row the form can post is there; each after the first waits, closed, in "Add another location".
    expect(
      view.container.querySelectorAll('select[name^="loc"]:not([name*="Area"]):not([name*="Colors"])'),
    ).toHaveLength(4);
    const waiting = [...view.container.querySelectorAll('details')].filter((details) =>
      details.querySelector('summary')?.textContent?.includes('Add another location'),
    );
    expect(waiting).toHaveLength(3);
    expect(waiting.every((details) => !details.open)).toBe(true);
    expect(control('loc2').value).toBe('');
    expect(estimate()).toMatch(/\$[\d,]+\.\d\d in total/);
    expect(estimate()).toMatch(/for 24 pieces: (about )?\$[\d.]+ per piece/);
    const form = view.container.querySelector('form');
    expect(form?.getAttribute('enctype')).toBe('multipart/form-data');
    // Without JavaScript it posts to its own page, so a refusal comes back at the address it was sent from.
    expect(form?.getAttribute('action')).toBe('/pricing');
  });

  it('opens the rows a link or a refused post filled, and keeps an older link’s stitch count', () => {
    view.container.innerHTML = renderToString(app('service=embroidery&q=24&s1=6000&s2=4000&garment=pique-polo'));
    expect(control('loc1Stitches').value).toBe('6000');
    expect(control('loc2Stitches').value).toBe('4000');
    const [second, third] = view.container.querySelectorAll('details');
    expect(second?.open).toBe(true);
    expect(third?.open).toBe(false);
  });

  it("hydrates without a mismatch, then shows one location and adds more up to the service's limit", () => {
    serverThenHydrate('service=embroidery&q=24&w1=3.5&garment=pique-polo');
    expect(view.container.querySelectorAll('details')).toHaveLength(0);
    expect(control('loc2')).toBeNull();
    const add = () =>
      act(() => {
        [...view.container.querySelectorAll('button')]
          .find((button) => button.textContent?.includes('Add another location'))
          ?.click();
      });
    add();
    expect(control('loc2').value).toBe('back');
    expect(document.activeElement).toBe(control('loc2'));
    add();
    // Embroidery takes three locations: no fourth, and the form says why.
    expect(control('loc3')).not.toBeNull();
    expect(view.container.textContent).not.toContain('Add another location');
    expect(view.container.textContent).toContain('That is the most we decorate for this service: 3 locations');
    expect(view.container.querySelectorAll('[name$="Width"]')).toHaveLength(3);
  });

  it('removes a location and moves the ones after it up, keeping what was typed', () => {
    serverThenHydrate('service=screen-printing&q=48&c1=2&c2=3&c3=1&garment=standard-tee');
    expect(control('loc3Colors').value).toBe('1');
    const before = estimate();
    act(() => {
      [...view.container.querySelectorAll('button')]
        .find((button) => button.textContent === 'Remove print location 2')
        ?.click();
    });
    expect(control('loc3')).toBeNull();
    expect(control('loc2').value).toBe('left-sleeve');
    expect(control('loc2Colors').value).toBe('1');
    expect(control('loc1Colors').value).toBe('2');
    expect(estimate()).not.toBe(before);
    expect(estimate()).toContain('Print location 2, 1 color');
    expect(estimate()).not.toContain('Print location 3');
  });

  it('follows the quantities and the service as the visitor changes them', () => {
    serverThenHydrate('service=screen-printing&q=48&c1=2&garment=standard-tee');
    expect(view.container.querySelector('[data-testid="pieces-total"]')?.textContent).toBe('Total: 48 pieces');
    const before = estimate();
    change('qtyL', '1');
    expect(view.container.querySelector('[data-testid="pieces-total"]')?.textContent).toBe('Total: 49 pieces');
    expect(estimate()).not.toBe(before);
    expect(estimate()).toContain('for 49 pieces');

    change('service', 'direct-to-garment');
    expect(control('loc1Colors')).toBeNull();
    expect(control('loc1Area')).not.toBeNull();
    // The same blank exists for DTG, so it stays chosen.
    expect(control('garment').value).toBe('standard-tee');
    expect(control('artSetup')).not.toBeNull();

    change('service', 'embroidery');
    expect(control('garment').value).toBe('pique-polo');
    expect(control('loc1Width')).not.toBeNull();
    expect(control('darkGarment')).toBeNull();
    expect(control('repeatDesign')).not.toBeNull();
    // Embroidery is stitched: its choices say so.
    expect(view.container.textContent).toContain('My own garments (embroidery only)');
    expect(view.container.textContent).toContain('We have embroidered this design for you before');
    expect(view.container.textContent).toContain('Embroidery location 1');
    expect(view.container.textContent).not.toMatch(/print only|Print location/);
    change('loc1Width', '4');
    expect(view.container.textContent).toContain('That is about 8,000 stitches.');
    expect(estimate()).toContain('4 in wide, about 8,000 stitches');
  });

  it('shows the total in the bar as the panel does, and asks for an address only for a delivery', () => {
    serverThenHydrate('service=screen-printing&q=48&c1=2&garment=standard-tee');
    const bar = () => view.container.querySelector('[data-testid="total-bar-total"]')?.textContent ?? '';
    const panelTotal = () =>
      view.container.querySelector('[data-testid="quote-estimate-total"] span')?.textContent ?? 'no total';
    expect(bar()).toBe(panelTotal());
    change('qtyL', '30');
    expect(bar()).toBe(panelTotal());

    const address = control('address');
    expect(address.closest('.hidden')).not.toBeNull();
    act(() => {
      const delivery = view.container.querySelector<HTMLInputElement>('input[name="delivery"][value="delivery"]');
      delivery?.click();
    });
    expect(address.closest('.hidden')).toBeNull();
    expect(address.required).toBe(true);
  });

  it('checks the whole form in the browser before anything is sent', async () => {
    const server = answerWith(201, { reference: 'Q-2026-000001', message: '' });
    vi.stubGlobal('fetch', server.fetch);
    serverThenHydrate('');
    await act(async () => {
      view.container.querySelector('form')?.requestSubmit();
    });
    expect(server.calls).toHaveLength(0);
    const summary = view.container.querySelector('[role="alert"]');
    expect(summary?.textContent).toContain('fields need your attention');
    expect(summary?.querySelector('a[href="#quote-qtyXS"]')?.textContent).toBe('Quantities');
    expect(control('qtyXS').getAttribute('aria-invalid')).toBe('true');
    expect(control('qtyXS').getAttribute('aria-describedby')).toContain('quote-sizes-error');
    expect(document.activeElement).toBe(control('name'));
  });
});
