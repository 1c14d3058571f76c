import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const staff = 'owner@seenwear.example';
/** One more than the desk counts by status (SEARCH_COUNT_LIMIT in desk-queries.ts). */
const MATCHES = 201;

/** The page's text without its tags, so a sentence split by markup reads as one. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

// A common name among years of requests: the inbox pages through every match newest first and says it did not
// count them, rather than counting thousands on each page.
describe.each(backends)(
  'the inbox searching a name hundreds of requests share, on %s',
  { timeout: 60_000 },
  (backend) => {
    let t: TestApp;
    let cookie: string;

    beforeAll(async () => {
      const storage = await openTestStorage(backend);
      t = await createTestApp({ storage, config: { submissionRateLimit: 1000 } });
      for (let n = 1; n <= MATCHES; n++) {
        await storage.submissions.saveSubmission({
          kind: 'quote',
          name: `Ada Okonkwo ${n}`,
          email: `ada${n}@example.com`,
          payload: {},
          files: [],
        });
      }
      await storage.submissions.saveSubmission({
        kind: 'quote',
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        payload: {},
        files: [],
      });
      ({ cookie } = await staffSession(t.app, t.storage, staff));
    });

    it('says the matches are not counted, shows no counts, and offers older pages', async () => {
      const page = await request(t.app).get('/staff?q=okonkwo').set('Cookie', cookie).expect(200);
      const text = textOf(page.text);
      expect(text).toContain('More than 200 requests match, newest first: add to the search to count them by status.');
      expect(text).toContain('1–25 and older');
      expect(text).not.toMatch(/\d+ unread|Nothing unread/);
      // The status tabs carry no number.
      expect(text).toMatch(/All New Quoted Approved/);
      expect(page.text).toContain('href="/staff?q=okonkwo&amp;page=2"');
      expect(text).toContain(`Ada Okonkwo ${MATCHES}`);
      expect(text).not.toContain('Dana Whitfield');
    });

    it('reaches the oldest match on the last page, which says where it ends', async () => {
      const last = await request(t.app).get('/staff?q=okonkwo&page=9').set('Cookie', cookie).expect(200);
      const text = textOf(last.text);
      expect(text).toContain('201–201');
      expect(text).not.toContain('201–201 and older');
      expect(text).toMatch(/Ada Okonkwo 1 /);
    });

    it('still counts a search with fewer matches by status', async () => {
      const page = await request(t.app).get('/staff?q=okonkwo%2020').set('Cookie', cookie).expect(200);
      const text = textOf(page.text);
      expect(text).not.toContain('More than 200 requests match');
      expect(text).toMatch(/1–3 of 3/);
      expect(text).toMatch(/All 3 New 3/);
    });
  },
);
