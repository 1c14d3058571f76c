// @vitest-environment happy-dom

import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContextValue } from '#client/app-context.tsx';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { SUBMISSION_KEY_FIELD, SUBMISSION_KEY_HEADER } from '#shared/submissions/submission-key.ts';
import { appContext, WithApp } from '#tests/support/app-context.tsx';
import { answerWith } from '#tests/support/fetch-stub.ts';
import { reactContainer } from '#tests/support/react-container.ts';
import { ContactForm } from './contact-form.tsx';
import { loadSchemaChecks } from './load-schema-checks.ts';

const view = reactContainer();

// In a page the visitor's first focus fetches the checks long before they send; here they are fetched
// once up front, so a submit settles in the few turns `submit()` waits.
beforeAll(() => loadSchemaChecks());

afterEach(() => {
  vi.unstubAllGlobals();
});

function render(value: AppContextValue = appContext()) {
  view.render(
    <WithApp value={value}>
      <ContactForm />
    </WithApp>,
  );
}

const field = (name: string) => view.container.querySelector<HTMLInputElement>(`[name="${name}"]`) as HTMLInputElement;

function type(name: string, value: string) {
  field(name).value = value;
}

/** Submits as the button would, and lets the fetch and React settle. */
async function submit() {
  await act(async () => {
    view.container.querySelector('form')?.requestSubmit();
  });
  for (let i = 0; i < 5; i++) await act(async () => {});
}

describe('contact form', () => {
  it('posts to the endpoint without JavaScript, with the CSRF field and an empty honeypot', () => {
    const html = renderToString(
      <WithApp value={appContext({ csrfToken: 'server-placeholder' })}>
        <ContactForm />
      </WithApp>,
    );
    view.container.innerHTML = html;
    const form = view.container.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/contact-us');
    expect(field(CSRF_FIELD).value).toBe('server-placeholder');
    expect(field('website').value).toBe('');
    expect(field('website').tabIndex).toBe(-1);
    expect(field('website').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(field('email').getAttribute('autocomplete')).toBe('email');
    expect(field('phone').getAttribute('autocomplete')).toBe('tel');
  });

  it("shows the server's answer to a post without JavaScript and hydrates it without a mismatch", () => {
    const form = {
      form: 'contact' as const,
      values: { name: 'Dana', email: 'nope', message: 'Hello' },
      errors: { email: 'Enter an e-mail address such as name@example.com.' },
      message: 'One field needs your attention.',
    };
    view.container.innerHTML = renderToString(
      <WithApp value={appContext({ form, csrfToken: 'server-placeholder' })}>
        <ContactForm />
      </WithApp>,
    );
    // The browser's token differs from the server's placeholder by design.
    view.hydrate(
      <WithApp value={appContext({ form, csrfToken: 'browser-token' })}>
        <ContactForm />
      </WithApp>,
    );
    expect(field('email').value).toBe('nope');
    expect(field('email').getAttribute('aria-invalid')).toBe('true');
    expect(field('email').getAttribute('aria-describedby')).toBe('contact-email-error');
    expect(view.container.querySelector('#contact-email-error')?.textContent).toContain('e-mail address');
    expect(view.container.querySelector('[role="alert"]')?.textContent).toContain('One field needs your attention.');
  });

  it('checks in the browser first: errors beside the fields, a summary, focus on the first, nothing sent', async () => {
    const server = answerWith(201, { reference: 'C-2026-000001', message: '' });
    vi.stubGlobal('fetch', server.fetch);
    render();
    type('email', 'dana@example.com');
    await submit();
    expect(server.calls).toHaveLength(0);
    const summary = view.container.querySelector('[role="alert"]');
    expect(summary?.textContent).toContain('2 fields need your attention.');
    expect(summary?.querySelector('a[href="#contact-name"]')?.textContent).toBe('Your name');
    expect(field('name').getAttribute('aria-invalid')).toBe('true');
    expect(field('email').hasAttribute('aria-invalid')).toBe(false);
    expect(document.activeElement).toBe(field('name'));
  });

  it('sends, then replaces the form by a confirmation with the reference, and a toast', async () => {
    const value = appContext();
    const server = answerWith(201, { reference: 'C-2026-000045', message: 'Thank you!' });
    vi.stubGlobal('fetch', server.fetch);
    render(value);
    type('name', 'Dana');
    type('email', 'dana@example.com');
    type('message', 'Do you print tote bags?');
    await submit();
    expect(server.calls[0]?.url).toMatch(/\/api\/contact$/);
    const body = server.calls[0]?.init.body as FormData;
    expect(body.get('message')).toBe('Do you print tote bags?');
    const panel = view.container.querySelector('[role="status"]');
    expect(panel?.textContent).toContain('C-2026-000045');
    expect(panel?.textContent).toContain('a confirmation is on its way to dana@example.com');
    expect(view.container.querySelector('form')).toBeNull();
    expect(value.toasts.getSnapshot().map((toast) => [toast.type, toast.message])).toEqual([
      ['success', 'Message sent. Your reference is <strong>C-2026-000045</strong>.'],
    ]);

    act(() => view.container.querySelector<HTMLButtonElement>('button')?.click());
    expect(field('name').value).toBe('');
  });

  it('sends one submission key for every try of one message, and a new one for the next message', async () => {
    render();
    type('name', 'Dana');
    type('email', 'dana@example.com');
    type('message', 'Do you print tote bags?');
    const keys: (string | null)[] = [];
    let answer: 'offline' | 'created' = 'offline';
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const key = new Headers(init.headers).get(SUBMISSION_KEY_HEADER);
      expect((init.body as FormData).get(SUBMISSION_KEY_FIELD)).toBe(key);
      keys.push(key);
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ reference: 'C-2026-000046', message: '' }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    // "Could not send: … try again": the visitor tries again, with the same key.
    await submit();
    await submit();
    answer = 'created';
    await submit();
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);

    // "Send another message": a new submission, a new key.
    act(() => view.container.querySelector<HTMLButtonElement>('button')?.click());
    type('name', 'Dana');
    type('email', 'dana@example.com');
    type('message', 'And mugs?');
    await submit();
    expect(keys).toHaveLength(4);
    expect(keys[3]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it("shows the server's field errors and keeps the input; other refusals become a toast and a message", async () => {
    const value = appContext();
    render(value);
    type('name', 'Dana');
    type('email', 'dana@example.com');
    type('message', 'Hello');
    vi.stubGlobal(
      'fetch',
      answerWith(422, {
        error: 'invalid_fields',
        message: 'One field needs your attention.',
        fields: { message: 'Too short.' },
      }).fetch,
    );
    await submit();
    expect(view.container.querySelector('#contact-message-error')?.textContent).toBe('Too short.');
    expect(document.activeElement).toBe(field('message'));

    vi.stubGlobal('fetch', answerWith(429, { error: 'http_429', message: 'Wait a few <minutes>.' }).fetch);
    await submit();
    expect(view.container.querySelector('[role="alert"]')?.textContent).toContain('Wait a few <minutes>.');
    expect(document.activeElement).toBe(view.container.querySelector('[role="alert"]'));
    expect(field('message').value).toBe('Hello');
    expect(value.toasts.getSnapshot().at(-1)).toMatchObject({ type: 'error', message: 'Wait a few &lt;minutes&gt;.' });
  });
});
