// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerWith } from '#tests/support/fetch-stub.ts';
import { escapeHtml, OFFLINE_MESSAGE, sendForm } from './send-form.ts';
import { withoutEmptyFiles } from './use-form-submission.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function form(): FormData {
  const data = new FormData();
  data.append('name', 'Dana');
  return data;
}

describe('sendForm', () => {
  it('posts the form data with the CSRF header and returns the reference of a 201', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the HTTP client reads document.cookie, so the test writes it.
    document.cookie = 'XSRF-TOKEN=token-1';
    const server = answerWith(201, { reference: 'C-2026-000045', message: 'Thank you!' });
    vi.stubGlobal('fetch', server.fetch);
    expect(await sendForm('/api/contact', form())).toEqual({
      kind: 'sent',
      reference: 'C-2026-000045',
      message: 'Thank you!',
    });
    const [call] = server.calls;
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBeInstanceOf(FormData);
    expect(new Headers(call?.init.headers).get('X-XSRF-TOKEN')).toBe('token-1');
  });

  it('still counts a 2xx without a reference as sent: it is stored, and must not be sent twice', async () => {
    vi.stubGlobal('fetch', answerWith(201, { ok: true }).fetch);
    expect(await sendForm('/api/contact', form())).toEqual({ kind: 'sent', reference: '', message: '' });
  });

  it('counts a 2xx whose body is cut off as sent, and a refusal with one as refused', async () => {
    const cutOff = (status: number) => async () =>
      new Response('{"reference":"C-20', { status, headers: { 'Content-Type': 'application/json' } });
    vi.stubGlobal('fetch', cutOff(201));
    expect(await sendForm('/api/contact', form())).toEqual({ kind: 'sent', reference: '', message: '' });
    vi.stubGlobal('fetch', cutOff(429));
    expect(await sendForm('/api/contact', form())).toEqual({
      kind: 'refused',
      status: 429,
      message: 'Too many requests from your connection. Wait a few minutes, then try again.',
      fields: {},
    });
  });

  it('keeps the well-formed field errors of an answer and drops the rest', async () => {
    const fields = { email: 'Enter an e-mail address.', phone: 42 };
    vi.stubGlobal('fetch', answerWith(422, { message: '', fields }).fetch);
    expect(await sendForm('/api/contact', form())).toEqual({
      kind: 'invalid',
      message: 'Some fields need your attention.',
      fields: { email: 'Enter an e-mail address.' },
    });
  });

  it('hands back the field errors of a 422', async () => {
    const fields = { email: 'Enter an e-mail address such as name@example.com.' };
    vi.stubGlobal(
      'fetch',
      answerWith(422, { error: 'invalid_fields', message: 'One field needs your attention.', fields }).fetch,
    );
    expect(await sendForm('/api/contact', form())).toEqual({
      kind: 'invalid',
      message: 'One field needs your attention.',
      fields,
    });
  });

  it("keeps the server's reason for any other refusal", async () => {
    vi.stubGlobal('fetch', answerWith(429, { error: 'http_429', message: 'Wait a few minutes.' }).fetch);
    expect(await sendForm('/api/quotes', form())).toEqual({
      kind: 'refused',
      status: 429,
      message: 'Wait a few minutes.',
      fields: {},
    });
  });

  it('explains a refusal that came without a message of its own (a proxy page, say)', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Too large</html>', { status: 413 }));
    const outcome = await sendForm('/api/quotes', form());
    expect(outcome).toMatchObject({ kind: 'refused', status: 413 });
    expect(outcome.message).toContain('10 MB');
  });

  it('says nothing was lost when the connection fails', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await sendForm('/api/quotes', form())).toEqual({ kind: 'offline', message: OFFLINE_MESSAGE });
  });
});

describe('withoutEmptyFiles', () => {
  it('drops the empty entry of a file input with nothing chosen and keeps real files and text', () => {
    const data = new FormData();
    data.append('name', 'Dana');
    data.append('artwork', new File([], ''));
    data.append('artwork', new File(['png'], 'logo.png', { type: 'image/png' }));
    const cleaned = withoutEmptyFiles(data);
    expect(cleaned.get('name')).toBe('Dana');
    expect(cleaned.getAll('artwork').map((file) => (file as File).name)).toEqual(['logo.png']);
  });
});

describe('escapeHtml', () => {
  it('makes text safe to put in a toast', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')"> & more`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt; &amp; more',
    );
  });
});
