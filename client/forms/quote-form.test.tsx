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
    const html = renderToString(app('service=embroidery&q=24&s1=6000&garment=pique-polo'));
    view.container.innerHTML = html;
    expect(control('qtyM').value).toBe('24');
    expect(control('loc1Stitches').value).toBe('6000');
    expect(view.container.querySelectorAll('[name^="loc"][name$="Stitches"]')).toHaveLength(4);
    expect(estimate()).toMatch(/\$[\d,]+\.\d\d in total/);
    expect(estimate()).toMatch(/for 24 pieces: (about )?\$[\d.]+ per piece/);
    const form = view.container.querySelector('form');
    expect(form?.getAttribute('enctype')).toBe('multipart/form-data');
    expect(form?.getAttribute('action')).toBe('/api/quotes');
  });

  it("hydrates without a mismatch, then shows only the service's locations", () => {
    serverThenHydrate('service=embroidery&q=24&s1=6000&garment=pique-polo');
    // Embroidery takes three locations; the fourth row was there for the post without JavaScript.
    expect(view.container.querySelectorAll('[name^="loc"][name$="Stitches"]')).toHaveLength(3);
    expect(control('loc2Stitches').disabled).toBe(true);
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
    expect(control('loc1Stitches')).not.toBeNull();
    expect(control('darkGarment')).toBeNull();
    expect(control('repeatDesign')).not.toBeNull();
  });

  it('lets later locations wait for a placement, and asks for an address only for a delivery', () => {
    serverThenHydrate('');
    expect(control('loc2Colors').disabled).toBe(true);
    change('loc2', 'back');
    expect(control('loc2Colors').disabled).toBe(false);

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
