import { createHmac, hkdfSync } from 'node:crypto';
import cookieParser from 'cookie-parser';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { flashCookieHeader } from '#tests/support/flash-cookie-header.ts';
import { FLASH_TEXT_MAX_LENGTH, type Flash, flashCookie } from './flash-cookie.ts';

const csrfSecret = 'flash-test-secret-0123456789abcdef0123456789';

/** A form handler that redirects with a flash, and a page that shows whatever flash it finds. */
function flashApp(isProduction = false, flash: Flash = { type: 'success', text: 'Thanks, we got your message.' }) {
  const cookie = flashCookie({ csrfSecret, isProduction });
  const app = express();
  app.use(cookieParser());
  app.post('/contact', (_req, res) => {
    cookie.set(res, flash);
    res.redirect(303, '/contact');
  });
  app.get('/contact', (req, res) => {
    res.json({ flash: cookie.take(req, res) ?? null });
  });
  return app;
}

function cookiesOf(response: request.Response): string[] {
  const header = response.headers['set-cookie'] as string[] | string | undefined;
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A value signed as the server signs, for content the server itself would never write. */
function signed(payload: string, secret = csrfSecret): string {
  const key = Buffer.from(hkdfSync('sha256', secret, 'seenwear', 'flash cookie', 32));
  return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
}

describe('flash cookie', () => {
  it('is short-lived, HttpOnly, SameSite=Lax and site-wide, and Secure only in production', async () => {
    const [cookie] = cookiesOf(await request(flashApp()).post('/contact').expect(303));
    expect(cookie).toMatch(/^flash=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('Max-Age=60;');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
  });

  it('is __Host-flash in production: Secure, Path=/ and no Domain, so no sibling subdomain can set one', async () => {
    const agent = request.agent(flashApp(true));
    const [cookie] = cookiesOf(await agent.post('/contact').expect(303));
    expect(cookie).toMatch(/^__Host-flash=/);
    expect(cookie).toContain('; Secure');
    expect(cookie).toContain('Path=/;');
    expect(cookie).not.toMatch(/Domain=/i);
    const value = cookie?.split(';')[0] ?? '';
    const landing = await request(flashApp(true)).get('/contact').set('Cookie', value).expect(200);
    expect(landing.body).toEqual({ flash: { type: 'success', text: 'Thanks, we got your message.' } });
    expect(cookiesOf(landing).join()).toMatch(/^__Host-flash=;.*Secure/);
    // A bare "flash" cookie (all a sibling subdomain could set) is not read there, even signed.
    const bare = value.replace('__Host-flash', 'flash');
    expect((await request(flashApp(true)).get('/contact').set('Cookie', bare)).body).toEqual({ flash: null });
  });

  it('carries the message across the redirect once, then is cleared', async () => {
    const agent = request.agent(flashApp());
    await agent.post('/contact').expect(303);
    const landing = await agent.get('/contact').expect(200);
    expect(landing.body).toEqual({ flash: { type: 'success', text: 'Thanks, we got your message.' } });
    expect(cookiesOf(landing).join()).toMatch(/^flash=;.*Expires=Thu, 01 Jan 1970/);
    const reload = await agent.get('/contact').expect(200);
    expect(reload.body).toEqual({ flash: null });
  });

  it('keeps the key that ties the message to its form', async () => {
    const agent = request.agent(flashApp(false, { type: 'error', text: 'Check the e-mail address.', key: 'contact' }));
    await agent.post('/contact');
    expect((await agent.get('/contact')).body.flash).toEqual({
      type: 'error',
      text: 'Check the e-mail address.',
      key: 'contact',
    });
  });

  it('carries the reference of a request sent without JavaScript, for its confirmation page', async () => {
    const receipt: Flash = {
      type: 'success',
      text: 'Thank you! Your quote request Q-2026-000042 has reached us.',
      key: 'quote',
      link: { href: '/requests/Q-2026-000042/abc_DEF-123', text: 'Follow it on your private page.' },
      reference: 'Q-2026-000042',
    };
    const agent = request.agent(flashApp(false, receipt));
    await agent.post('/contact');
    expect((await agent.get('/contact')).body.flash).toEqual(receipt);
  });

  it('sends no cookie at all on a page viewed without a flash', async () => {
    const response = await request(flashApp()).get('/contact').expect(200);
    expect(response.body).toEqual({ flash: null });
    expect(cookiesOf(response)).toEqual([]);
  });

  it('cuts text longer than 500 characters and still reads it back', async () => {
    const agent = request.agent(flashApp(false, { type: 'info', text: 'x'.repeat(2000) }));
    await agent.post('/contact');
    const { text } = (await agent.get('/contact')).body.flash as Flash;
    expect(text).toHaveLength(FLASH_TEXT_MAX_LENGTH);
    expect(text.endsWith('…')).toBe(true);
  });

  it('keeps HTML in the text as text', async () => {
    const agent = request.agent(flashApp(false, { type: 'info', text: '<img src=x onerror=alert(1)>' }));
    await agent.post('/contact');
    expect((await agent.get('/contact')).body.flash.text).toBe('<img src=x onerror=alert(1)>');
  });

  // A planted message: "Your order is on hold. Call 555-0100", with a link of the attacker's choosing.
  const planted = encode({
    type: 'error',
    text: 'Your order is on hold. Call 555-0100.',
    link: { href: '/x', text: 'Update payment' },
  });

  it.each([
    ['no signature (a planted message)', planted],
    ['the signature of another secret', signed(planted, 'another-secret-0123456789abcdef0123456789')],
    ['a signature of other content', `${planted}.${signed(encode({ type: 'info', text: 'Hi' })).split('.')[1]}`],
    ['a cut signature', signed(planted).slice(0, -1)],
    ['not base64url', 'not base64url!'],
    ['not JSON', signed(Buffer.from('{oops').toString('base64url'))],
    ['an unknown type', signed(encode({ type: 'danger', text: 'Hi' }))],
    ['empty text', signed(encode({ type: 'info', text: '' }))],
    ['text over 500 characters', signed(encode({ type: 'info', text: 'x'.repeat(501) }))],
    ['text that is not a string', signed(encode({ type: 'info', text: ['Hi'] }))],
    ['a malformed key', signed(encode({ type: 'info', text: 'Hi', key: 'a b' }))],
    ['a malformed reference', signed(encode({ type: 'info', text: 'Hi', reference: '<b>Q-1</b>' }))],
    ['JSON that cookie-parser decodes', `j:${encodeURIComponent(JSON.stringify({ type: 'info', text: 'Hi' }))}`],
    ['a huge value', 'A'.repeat(5000)],
  ])('ignores and clears a cookie with %s', async (_label, value) => {
    const response = await request(flashApp()).get('/contact').set('Cookie', `flash=${value}`).expect(200);
    expect(response.body).toEqual({ flash: null });
    expect(cookiesOf(response).join()).toMatch(/^flash=;/);
  });

  it('reads what another instance with the same secret wrote', async () => {
    const value = flashCookieHeader({ csrfSecret, isProduction: false }, { type: 'info', text: 'Hi' });
    const response = await request(flashApp()).get('/contact').set('Cookie', value).expect(200);
    expect(response.body).toEqual({ flash: { type: 'info', text: 'Hi' } });
  });

  it('drops fields the server never writes', async () => {
    const value = signed(encode({ type: 'info', text: 'Hi', html: '<b>x</b>' }));
    const response = await request(flashApp()).get('/contact').set('Cookie', `flash=${value}`).expect(200);
    expect(response.body).toEqual({ flash: { type: 'info', text: 'Hi' } });
  });

  it('refuses to write a flash of an unknown type or without text', () => {
    const res = express.response;
    const cookie = flashCookie({ csrfSecret, isProduction: false });
    expect(() => cookie.set(res, { type: 'danger' as Flash['type'], text: 'Hi' })).toThrow();
    expect(() => cookie.set(res, { type: 'info', text: '' })).toThrow();
  });
});
