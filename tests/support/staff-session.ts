import type { Express } from 'express';
import request from 'supertest';
import { expect } from 'vitest';
import { createStaffAuth } from '#server/staff/staff-auth.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { cookieJar } from './cookie-jar.ts';
import type { TestStorage } from './test-storage.ts';
import { cookiesOf, visitorSession } from './visitor-session.ts';

/**
 * A browser's session on the desk, signed in through a one-time link as staff would: the CSRF cookies
 * and token of a page, plus the staff cookie. `staff` must be the address the app's STAFF_EMAILS has.
 */
export async function staffSession(app: Express, storage: Pick<TestStorage, 'desk'>, staff: string, email = staff) {
  const { cookie, token } = await visitorSession(app, '/contact-us');
  const secret = await createStaffAuth(storage.desk, { staffEmails: [staff], secure: false }).createLink(email);
  const confirm = await request(app).get(`/staff/sign-in/${secret}`).set('Cookie', cookie).expect(200);
  expect(confirm.text).toContain('Sign in');
  const signIn = await request(app)
    .post('/staff/sign-in/confirm')
    .set('Cookie', cookie)
    .type('form')
    .send({ [CSRF_FIELD]: token, token: secret })
    .expect(303);
  expect(signIn.headers.location).toBe('/staff');
  const jar = cookieJar([...cookie.split('; '), ...cookiesOf(signIn).map((line) => line.split(';')[0] ?? '')]);
  return { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '), token };
}
