import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/storage/open-database.ts';
import { CSRF_FIELD, CSRF_HEADER } from '#shared/csrf-contract.ts';
import { artworkListError } from '#shared/submissions/artwork.ts';
import { SUBMISSION_KEY_FIELD, SUBMISSION_KEY_HEADER } from '#shared/submissions/submission-key.ts';
import { minimalPdf } from '#tests/support/minimal-pdf.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage, testStoresOf } from '#tests/support/test-storage.ts';
import { cookiesOf, visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// The form endpoints over each database: what a visitor gets back and what is stored must not differ.
describe.each(backends)('on %s', (backend) => {
  let t: TestApp;
  /** A real 1 x 1 PNG (sharp is not loaded here: libvips and this test runner's forks do not mix). */
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  /** The database t writes to, for the tests that start a second instance on it. */
  let where: Awaited<ReturnType<typeof openTestStorage>>['location'];
  beforeAll(async () => {
    const storage = await openTestStorage(backend);
    where = storage.location;
    // Room for the five uploads one test sends at once from one address; upload-gate.test.ts tests the
    // ceilings themselves.
    t = await createTestApp({ config: { submissionRateLimit: 1000, uploadsAtOnce: 8, uploadsPerVisitor: 8 }, storage });
  });

  const quote: Record<string, string> = {
    name: 'Dana Whitfield',
    email: 'dana@example.com',
    phone: '(555) 010-0188',
    service: 'screen-printing',
    garment: 'gildan-5000',
    garmentColor: 'Sport Grey',
    qtyM: '30',
    qty2XL: '6',
    loc1: 'front',
    loc1Colors: '2',
    delivery: 'pickup',
    comments: 'Team shirts for the 5K',
  };

  const contact = { name: 'Lee Park', email: 'lee@example.com', message: 'Do you print on tote bags?' };

  /** A multipart post as the page's script sends it: FormData through fetch, token in the header. */
  async function postQuote(
    fields: Record<string, string>,
    files: { name: string; data: Buffer }[] = [],
    { key, field }: { key?: string; field?: string } = {},
  ): Promise<request.Response> {
    const { cookie, token } = await visitorSession(t.app, '/pricing');
    let post = request(t.app)
      .post('/api/quotes')
      .set('Cookie', cookie)
      .set(CSRF_HEADER, token)
      .set('Accept', 'application/json');
    if (key !== undefined) post = post.set(SUBMISSION_KEY_HEADER, key).field(SUBMISSION_KEY_FIELD, field ?? key);
    for (const [name, value] of Object.entries(fields)) post = post.field(name, value);
    for (const file of files) post = post.attach('artwork', file.data, file.name);
    return post;
  }

  async function expectStatus(pending: Promise<request.Response>, status: number) {
    const response = await pending;
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    return response;
  }

  async function storedCount() {
    return (await t.storage.submissions.listSubmissions({ limit: 10_000 })).length;
  }

  describe('POST /api/quotes with JavaScript (JSON answers)', () => {
    it('answers 201 with a reference once the request and its file are stored', async () => {
      const response = await expectStatus(postQuote(quote, [{ name: 'logo.png', data: png }]), 201);
      expect(response.body.reference).toMatch(/^Q-\d{4}-\d{6}$/);
      expect(response.body.message).toContain(response.body.reference);
      const stored = await t.storage.submissions.getSubmission(response.body.reference);
      expect(stored?.files).toEqual([{ name: 'logo.png', mediaType: 'image/png', size: png.length, data: png }]);
      expect(stored?.payload).toMatchObject({
        service: 'Screen printing',
        garment: 'Gildan 5000 Heavy Cotton tee',
        quantity: 36,
        sizes: 'M: 30, 2XL: 6',
        printLocations: [{ placement: 'Front', colors: 2 }],
        // The figure the visitor saw, in the same words: total, per piece, turnaround, sales tax.
        websiteEstimate: expect.stringMatching(
          /^\$[\d,.]+ in total for 36 pieces, (about )?\$[\d.]+ per piece.* Standard turnaround: .* Plus sales tax of \$[\d,.]+ \(Illinois 6\.25%/,
        ),
      });
      const line = t.lines.find(
        (entry) => entry.msg === 'submission stored' && entry.reference === response.body.reference,
      );
      expect(line).toMatchObject({ kind: 'quote', files: 1, level: 30 });
      expect(JSON.stringify(line)).not.toMatch(/Dana|dana@example\.com|010-0188/);
    });

    it('answers 422 with a message beside each wrong field, and stores nothing', async () => {
      const before = await storedCount();
      const response = await expectStatus(
        postQuote({ ...quote, email: 'dana@', qtyM: '', qty2XL: 'lots', loc1Colors: '9' }, [
          { name: 'logo.png', data: png },
        ]),
        422,
      );
      // A script still holds its files: only a page posted without JavaScript is told to attach them again.
      expect(response.body.message).toBe('3 fields need your attention.');
      expect(response.body).toMatchObject({
        error: 'invalid_fields',
        fields: {
          email: expect.stringMatching(/e-mail address/),
          qty2XL: expect.stringMatching(/whole number/),
          loc1Colors: expect.stringMatching(/ink colors/),
        },
      });
      expect(await storedCount()).toBe(before);
    });

    it('judges a file by its content: a program renamed .png is refused (422), nothing stored', async () => {
      const before = await storedCount();
      const program = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(512, 1)]);
      const response = await expectStatus(postQuote(quote, [{ name: 'logo.png', data: program }]), 422);
      expect(response.body.fields.artwork).toMatch(/logo\.png is not a PNG, JPEG, SVG, PDF, AI or EPS file/);
      expect(await storedCount()).toBe(before);
    });

    it('keeps an SVG as SVG, and a PDF, each named for its content', async () => {
      const svg = Buffer.from(
        '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
      );
      const pdf = minimalPdf();
      const response = await expectStatus(
        postQuote(quote, [
          { name: 'mark.svg', data: svg },
          { name: 'proof.pdf', data: pdf },
          // Mailed by its name: a PDF called .html would open in a browser.
          { name: 'order.html', data: pdf },
        ]),
        201,
      );
      const stored = await t.storage.submissions.getSubmission(response.body.reference);
      expect(stored?.files.map((file) => [file.name, file.mediaType])).toEqual([
        ['mark.svg', 'image/svg+xml'],
        ['proof.pdf', 'application/pdf'],
        ['order.pdf', 'application/pdf'],
      ]);
    });

    it('refuses six files and a file over 10 MB beside the field (422), in the browser check’s words, storing nothing', async () => {
      const before = await storedCount();
      const six = Array.from({ length: 6 }, (_, index) => ({ name: `art-${index}.png`, data: png }));
      expect((await expectStatus(postQuote(quote, six), 422)).body.fields.artwork).toBe(
        artworkListError(six.map((file) => ({ name: file.name, size: file.data.length }))),
      );
      const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
      expect((await expectStatus(postQuote(quote, [{ name: 'big.png', data: big }]), 422)).body.fields.artwork).toBe(
        artworkListError([{ name: 'big.png', size: big.length }]),
      );
      // Far more files than the form takes are still refused by the parser, unread.
      const many = Array.from({ length: 11 }, (_, index) => ({ name: `art-${index}.png`, data: png }));
      await expectStatus(postQuote(quote, many), 413);
      expect(await storedCount()).toBe(before);
    });

    it('refuses a 1 MB field (413) without storing it', async () => {
      const before = await storedCount();
      await expectStatus(postQuote({ ...quote, comments: 'x'.repeat(1024 * 1024) }), 413);
      expect(await storedCount()).toBe(before);
    });

    it('answers 400 to a truncated multipart body and to invalid UTF-8', async () => {
      const { cookie, token } = await visitorSession(t.app);
      const boundary = 'xYzBoundary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nDana\r\n--${boundary}\r\nContent-Disposition: form-data; name="artwork"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
      const send = (body: Buffer) =>
        request(t.app)
          .post('/api/quotes')
          .set('Cookie', cookie)
          .set(CSRF_HEADER, token)
          .set('Accept', 'application/json')
          .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
          .send(body);
      const truncated = await send(Buffer.concat([Buffer.from(head), png.subarray(0, 20)])).expect(400);
      expect(truncated.body.message).toMatch(/incomplete or malformed/);
      const invalid = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n`),
        Buffer.from([0xff, 0xfe, 0x44]),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      expect((await send(invalid).expect(400)).body.message).toMatch(/not valid UTF-8/);
    });

    it('answers 411 to a multipart body of undeclared length (chunked), before reading it', async () => {
      const { cookie, token } = await visitorSession(t.app);
      const before = await storedCount();
      const post = request(t.app)
        .post('/api/quotes')
        .set('Cookie', cookie)
        .set(CSRF_HEADER, token)
        .set('Accept', 'application/json')
        .set('Content-Type', 'multipart/form-data; boundary=b');
      // Written in a piece, the body goes chunked, with no Content-Length.
      post.write('--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nDana\r\n--b--\r\n');
      const response = await post;
      expect(response.status).toBe(411);
      expect(response.body.message).toMatch(/Content-Length/);
      expect(await storedCount()).toBe(before);
    });

    it('refuses a filled honeypot (400) and stores nothing', async () => {
      const before = await storedCount();
      const response = await expectStatus(postQuote({ ...quote, website: 'https://spam.example' }), 400);
      expect(response.body.message).toMatch(/If you are a person/);
      expect(await storedCount()).toBe(before);
      expect(t.lines.some((entry) => entry.reason === 'honeypot')).toBe(true);
    });

    it('refuses (422) a file name or a one-line field with CR, LF or U+202E, with field errors, and stores nothing', async () => {
      const before = await storedCount();
      const response = await expectStatus(
        postQuote({ ...quote, name: 'Dana\r\nBcc: x@example.com', company: 'Acme\u202Egpj' }, [
          { name: 'logo\u202Egnp.exe', data: png },
        ]),
        422,
      );
      const oneLine = 'Use one line of plain text: no line breaks or hidden control or direction characters.';
      expect(response.body.fields).toMatchObject({
        name: oneLine,
        company: oneLine,
        artwork: 'A file name holds hidden control or direction characters. Rename the file and choose it again.',
      });
      expect(await storedCount()).toBe(before);
    });

    it('stores a sixth message to one address in a day, with the shop copy only, and logs the skipped confirmation', async () => {
      const email = `cap-${backend}-${Date.now()}@example.com`;
      const references: string[] = [];
      for (let n = 0; n < 6; n += 1) {
        const { cookie, token } = await visitorSession(t.app, '/contact-us');
        const response = await expectStatus(
          request(t.app)
            .post('/api/contact')
            .set('Cookie', cookie)
            .set(CSRF_HEADER, token)
            .set('Accept', 'application/json')
            .field('name', 'Lee Park')
            .field('email', email)
            .field('message', 'Do you print on tote bags?'),
          201,
        );
        references.push(response.body.reference);
        // The sender is told the truth: a confirmation on its way, or none (today's limit).
        expect(response.body.confirmation).toBe(n < 5 ? 'queued' : 'skipped');
        expect(response.body.message).toContain(
          n < 5 ? 'a confirmation is on its way' : 'We did not send a confirmation this time',
        );
      }
      const pending = await Promise.all(
        references.map(async (ref) => (await t.storage.submissions.getSubmission(ref))?.pendingNotifications),
      );
      expect(pending).toEqual([2, 2, 2, 2, 2, 1]);
      const capped = t.lines.filter((line) => line.reason === 'confirmation_cap');
      expect(capped).toHaveLength(1);
      expect(capped[0]).toMatchObject({ reference: references[5], level: 40 });
      expect(JSON.stringify(capped[0])).not.toContain(email);
    });

    it('refuses a post without the CSRF token (403), even multipart, and stores nothing', async () => {
      const before = await storedCount();
      const { cookie } = await visitorSession(t.app);
      await request(t.app)
        .post('/api/quotes')
        .set('Cookie', cookie)
        .set('Accept', 'application/json')
        .field('name', 'Dana')
        .attach('artwork', png, 'logo.png')
        .expect(403);
      await request(t.app).post('/api/contact').set('Accept', 'application/json').send(contact).expect(403);
      expect(await storedCount()).toBe(before);
    });

    it('answers 415 to a body that is not a form, and 400 to JSON that is not an object', async () => {
      const { cookie, token } = await visitorSession(t.app);
      const post = () => request(t.app).post('/api/contact').set('Cookie', cookie).set(CSRF_HEADER, token);
      const wrongType = await post().set('Content-Type', 'text/plain').send('hello').expect(415);
      expect(wrongType.body.message).toMatch(/multipart\/form-data/);
      await post().set('Content-Type', 'application/json').send('["a"]').expect(400);
      await post().set('Content-Type', 'application/json').send('{"name": ').expect(400);
    });

    it('answers 400 when the contact form carries a file', async () => {
      const { cookie, token } = await visitorSession(t.app);
      await request(t.app)
        .post('/api/contact')
        .set('Cookie', cookie)
        .set(CSRF_HEADER, token)
        .field('name', 'Lee')
        .attach('artwork', png, 'a.png')
        .expect(400);
    });
  });

  describe('reorders', () => {
    /** A completed order of Dana's, as "order again" would repeat it. */
    async function completedOrder(email = 'dana@example.com') {
      const { reference } = await t.storage.submissions.saveSubmission({
        kind: 'quote',
        name: 'Dana Whitfield',
        email,
        payload: { name: 'Dana Whitfield' },
        files: [],
      });
      await t.storage.desk.changeRequestStatus(reference, { from: 'new', to: 'completed', actor: 'staff:a@b.example' });
      return reference;
    }
    const stored = async (response: request.Response) =>
      (await t.storage.submissions.getSubmission(response.body.reference as string))?.payload;

    it('keeps the set-up on file for a completed order of the same address, without new artwork', async () => {
      const original = await completedOrder();
      const reorder = await expectStatus(postQuote({ ...quote, reorderOf: original }), 201);
      const payload = await stored(reorder);
      expect(payload?.reorderOf).toBe(`${original} (set-up on file)`);
      const full = await stored(await expectStatus(postQuote(quote), 201));
      expect(payload?.websiteEstimate).not.toBe(full?.websiteEstimate);
    });

    it('charges the set-up when the reorder brings new artwork, whatever the form claims', async () => {
      const original = await completedOrder();
      const withArt = await expectStatus(
        postQuote({ ...quote, reorderOf: original, newArtwork: 'off' }, [{ name: 'logo.png', data: png }]),
        201,
      );
      const payload = await stored(withArt);
      expect(payload?.reorderOf).toBe(`${original} (new artwork: set-up charged)`);
      const full = await stored(await expectStatus(postQuote(quote), 201));
      expect(payload?.websiteEstimate).toBe(full?.websiteEstimate);
    });

    it('gives the private link at its group section when the sender will collect sizes from a group', async () => {
      const plain = await expectStatus(postQuote(quote), 201);
      expect(String(plain.body.link)).toMatch(/^\/requests\/Q-\d{4}-\d{6}\/[\w-]{43}$/);
      const collecting = await expectStatus(postQuote({ ...quote, collectSizes: 'on' }), 201);
      expect(String(collecting.body.link)).toMatch(/^\/requests\/Q-\d{4}-\d{6}\/[\w-]{43}#group$/);
    });

    it('prices in full a reorder of no completed order, and answers another address’s order exactly alike', async () => {
      const unknown = await expectStatus(postQuote({ ...quote, reorderOf: 'Q-2099-999999' }), 201);
      expect((await stored(unknown))?.reorderOf).toBeUndefined();
      const original = await completedOrder('someone@example.com');
      const other = await expectStatus(postQuote({ ...quote, reorderOf: original }), 201);
      // Nothing in the answer tells a completed order of someone else's from a reference that names nothing.
      const seen = (response: request.Response) => {
        const { reference, message, link, ...rest } = response.body as Record<string, string>;
        return {
          ...rest,
          message: message?.replaceAll(reference ?? '', 'REF'),
          link: typeof link,
          type: response.headers['content-type'],
        };
      };
      expect(seen(other)).toEqual(seen(unknown));
      expect(other.body.fields).toBeUndefined();
      const [unknownPayload, otherPayload] = [await stored(unknown), await stored(other)];
      expect(otherPayload?.reorderOf).toBeUndefined();
      expect(otherPayload?.websiteEstimate).toBe(unknownPayload?.websiteEstimate);
      // The operator's log says which it was.
      const dropped = t.lines.filter((line) => line.reason === 'reorder_not_matched');
      expect(dropped.at(-2)).toMatchObject({ level: 40, reorderOf: 'Q-2099-999999', why: 'unknown' });
      expect(dropped.at(-1)).toMatchObject({ level: 40, reorderOf: original, why: 'other-address' });
    });
  });

  describe('one-time submission keys', () => {
    it('answers a repeat of a key with the first reference and status, storing nothing new', async () => {
      const key = 'a3f1c2d4e5b6a7980123456789abcdef';
      const first = await expectStatus(postQuote(quote, [{ name: 'logo.png', data: png }], { key }), 201);
      const count = await storedCount();
      const again = await expectStatus(postQuote(quote, [{ name: 'logo.png', data: png }], { key }), 201);
      expect(again.body).toEqual(first.body);
      // Even a repeat whose body went wrong on the way: the key says it is the same submission.
      const damaged = await expectStatus(postQuote({ ...quote, email: 'broken' }, [], { key }), 201);
      expect(damaged.body.reference).toBe(first.body.reference);
      expect(await storedCount()).toBe(count);
      const stored = await t.storage.submissions.getSubmission(first.body.reference);
      expect(stored?.files[0]?.data.equals(png)).toBe(true);
      expect(stored?.payload).not.toHaveProperty(SUBMISSION_KEY_FIELD);
    });

    it('stores one submission when the same key arrives five times at once', async () => {
      const key = 'b3f1c2d4e5b6a7980123456789abcdef';
      const before = await storedCount();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          expectStatus(postQuote(quote, [{ name: 'logo.png', data: png }], { key }), 201),
        ),
      );
      expect(new Set(answers.map((answer) => answer.body.reference)).size).toBe(1);
      expect(await storedCount()).toBe(before + 1);
      // No reference number was used up by the four refused inserts.
      const next = await expectStatus(postQuote(quote), 201);
      const number = (reference: string) => Number(reference.slice(-6));
      expect(number(next.body.reference)).toBe(number(answers[0]?.body.reference) + 1);
    });

    it('answers a repeat posted without JavaScript with the same redirect and thanks', async () => {
      const { cookie, token } = await visitorSession(t.app, '/contact-us');
      const key = 'c3f1c2d4e5b6a7980123456789abcdef';
      const post = () =>
        request(t.app)
          .post('/api/contact')
          .set('Cookie', cookie)
          .set('Accept', 'text/html')
          .type('form')
          .send({ ...contact, [CSRF_FIELD]: token, _submission_key: key });
      const first = await post().expect(303);
      const before = await storedCount();
      const again = await post().expect(303);
      expect(again.headers.location).toBe(first.headers.location);
      // The thanks each answer leads to, as the visitor's browser shows it.
      const thanks = async (response: request.Response) => {
        const flash = cookiesOf(response)
          .find((value) => value.startsWith('flash='))
          ?.split(';')[0];
        const page = await request(t.app).get('/contact-us').set('Cookie', `${cookie}; ${flash}`).expect(200);
        return /Your message (C-\d{4}-\d{6}) has reached us/.exec(page.text)?.[1];
      };
      const reference = await thanks(first);
      expect(reference).toMatch(/^C-\d{4}-\d{6}$/);
      expect(await thanks(again)).toBe(reference);
      expect(await storedCount()).toBe(before);
    });

    it('gives each page served a fresh key in the hidden field', async () => {
      const keyOf = async () =>
        /name="_submission_key" value="([^"]*)"/.exec((await visitorSession(t.app, '/contact-us')).html)?.[1];
      const [first, second] = [await keyOf(), await keyOf()];
      expect(first).toMatch(/^[0-9a-f-]{36}$/);
      expect(second).toMatch(/^[0-9a-f-]{36}$/);
      expect(first).not.toBe(second);
    });

    it('answers a repeat that reaches another instance on the same database with the first reference', async () => {
      // A second instance: its own process state and connection, the same database as t.
      const other = await createTestApp({
        config: { submissionRateLimit: 1000 },
        storage: testStoresOf(await openDatabase(where), where),
      });
      const key = 'a4f1c2d4e5b6a7980123456789abcdef';
      const first = await expectStatus(postQuote(quote, [{ name: 'logo.png', data: png }], { key }), 201);
      const before = await storedCount();
      const { cookie, token } = await visitorSession(other.app, '/pricing');
      let repeat = request(other.app)
        .post('/api/quotes')
        .set('Cookie', cookie)
        .set(CSRF_HEADER, token)
        .set(SUBMISSION_KEY_HEADER, key)
        .set('Accept', 'application/json');
      for (const [name, value] of Object.entries(quote)) repeat = repeat.field(name, value);
      const again = await expectStatus(repeat.attach('artwork', png, 'logo.png'), 201);
      expect(again.body.reference).toBe(first.body.reference);
      expect(await storedCount()).toBe(before);
      await other.storage.close();
    });

    it('refuses a malformed key, a header and field that disagree, and a key already used by the other form', async () => {
      await expectStatus(postQuote(quote, [], { key: 'short' }), 400);
      await expectStatus(
        postQuote(quote, [], { key: 'd3f1c2d4e5b6a7980123456789abcdef', field: 'e3f1c2d4e5b6a7980123456789abcdef' }),
        400,
      );
      const key = 'f3f1c2d4e5b6a7980123456789abcdef';
      await expectStatus(postQuote(quote, [], { key }), 201);
      const { cookie, token } = await visitorSession(t.app, '/contact-us');
      await request(t.app)
        .post('/api/contact')
        .set('Cookie', cookie)
        .set(CSRF_HEADER, token)
        .set(SUBMISSION_KEY_HEADER, key)
        .set('Accept', 'application/json')
        .send(contact)
        .expect(409);
    });
  });

  describe('forms posted without JavaScript', () => {
    /** The hidden submission key of the form page as everyone gets it (no token, no cookie). */
    const pageKey = async (path: string) => {
      const page = await request(t.app).get(path).expect(200);
      expect(cookiesOf(page)).toEqual([]);
      return new RegExp(`name="${SUBMISSION_KEY_FIELD}" value="([^"]*)"`).exec(page.text)?.[1] ?? '';
    };

    it.each([{ 'Sec-Fetch-Site': 'same-origin' }, { Origin: 'https://shop.example' }])(
      'takes the forms as their pages send them, no token, no cookie, when the browser vouches for the page (%o)',
      async (vouch) => {
        const contactPost = await request(t.app)
          .post('/contact-us')
          .set(vouch)
          .set('Accept', 'text/html')
          .type('form')
          .send({ ...contact, [CSRF_FIELD]: '', [SUBMISSION_KEY_FIELD]: await pageKey('/contact-us') })
          .expect(303);
        expect(contactPost.headers.location).toBe('/contact-us');
        // The quote form is multipart: the upload chain admits it before its first file the same way.
        const quotePost = await request(t.app)
          .post('/pricing')
          .set(vouch)
          .set('Accept', 'text/html')
          .field({ ...quote, [CSRF_FIELD]: '', [SUBMISSION_KEY_FIELD]: await pageKey('/pricing') })
          .attach('artwork', png, 'logo.png')
          .expect(303);
        expect(quotePost.headers.location).toBe('/pricing/sent');
      },
    );

    it.each([
      { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://another.example' },
      { 'Sec-Fetch-Site': 'same-site', Origin: 'https://www.shop.example' },
      { Origin: 'https://another.example' },
      { Origin: 'null' },
      {},
    ])(
      'refuses them without a token when the browser says another site sent them, or says nothing (%o)',
      async (headers) => {
        const before = await storedCount();
        await request(t.app)
          .post('/contact-us')
          .set(headers)
          .set('Accept', 'text/html')
          .type('form')
          .send({ ...contact, [CSRF_FIELD]: '', [SUBMISSION_KEY_FIELD]: await pageKey('/contact-us') })
          .expect(403);
        await request(t.app)
          .post('/pricing')
          .set(headers)
          .set('Accept', 'text/html')
          .field({ ...quote, [CSRF_FIELD]: '', [SUBMISSION_KEY_FIELD]: await pageKey('/pricing') })
          .attach('artwork', png, 'logo.png')
          .expect(403);
        expect(await storedCount()).toBe(before);
      },
    );

    it('a valid contact message answers 303 to the contact page, which then shows the thanks', async () => {
      const { cookie, token } = await visitorSession(t.app, '/contact-us');
      const response = await request(t.app)
        .post('/api/contact')
        .set('Cookie', cookie)
        .set('Accept', 'text/html,application/xhtml+xml')
        .type('form')
        .send({ ...contact, [CSRF_FIELD]: token })
        .expect(303);
      expect(response.headers.location).toBe('/contact-us');
      const flash = cookiesOf(response)
        .find((value) => value.startsWith('flash='))
        ?.split(';')[0];
      const page = await request(t.app).get('/contact-us').set('Cookie', `${cookie}; ${flash}`).expect(200);
      expect(page.text).toMatch(/Thank you! Your message C-\d{4}-\d{6} has reached us/);
    });

    it('a valid quote answers 303 to its confirmation page, which shows the reference, next steps and private link', async () => {
      const { cookie, token } = await visitorSession(t.app, '/pricing');
      const response = await request(t.app)
        .post('/api/quotes')
        .set('Cookie', cookie)
        .set('Accept', 'text/html,application/xhtml+xml')
        .field({ ...quote, [CSRF_FIELD]: token })
        .attach('artwork', png, 'logo.png')
        .expect(303);
      // The address holds nothing private: the receipt travels in the one-hop, HttpOnly flash cookie.
      expect(response.headers.location).toBe('/pricing/sent');
      const flashCookie = cookiesOf(response).find((value) => value.startsWith('flash=')) ?? '';
      expect(flashCookie).toMatch(/HttpOnly/i);
      const flash = flashCookie.split(';')[0];

      const page = await request(t.app).get('/pricing/sent').set('Cookie', `${cookie}; ${flash}`).expect(200);
      expect(page.headers['cache-control']).toBe('private, no-store');
      const reference = /Your reference is <strong[^>]*>(Q-\d{4}-\d{6})<\/strong>/.exec(page.text)?.[1] ?? '';
      expect(reference).toMatch(/^Q-\d{4}-\d{6}$/);
      expect(await t.storage.submissions.getSubmission(reference)).toBeTruthy();
      expect(page.text).toContain('<h1');
      expect(page.text).toContain('Thank you: your quote request is in');
      expect(page.text).toContain('What happens next: we reply within one business day');
      const privatePath = new RegExp(`href="(/requests/${reference}/[^"]+)"`).exec(page.text)?.[1];
      expect(privatePath).toBeDefined();
      expect(page.text).toContain('Copy the link');
      expect(page.text).toContain('<meta name="robots" content="noindex"/>');
      // The receipt is the page's: no banner above it repeats the thanks.
      expect(page.text).not.toContain('data-testid="flash-message"');
      // Read once: the cookie is cleared, and the page visited again shows no receipt and no link.
      expect(cookiesOf(page).some((value) => /^flash=;/.test(value))).toBe(true);
      const later = await request(t.app).get('/pricing/sent').set('Cookie', cookie).expect(200);
      expect(later.text).not.toContain(reference);
      expect(later.text).not.toContain('/requests/');
      expect(later.text).toContain('your confirmation e-mail has its reference');
    });

    it('a repeat of a quote sent without JavaScript lands on the same confirmation, with the first reference', async () => {
      const { cookie, token } = await visitorSession(t.app, '/pricing');
      const key = 'b7f1c2d4e5b6a7980123456789abcdef';
      const post = () =>
        request(t.app)
          .post('/api/quotes')
          .set('Cookie', cookie)
          .set('Accept', 'text/html')
          .field({ ...quote, [CSRF_FIELD]: token, [SUBMISSION_KEY_FIELD]: key });
      const referenceOf = async (response: request.Response) => {
        expect(response.headers.location).toBe('/pricing/sent');
        const flash = cookiesOf(response)
          .find((value) => value.startsWith('flash='))
          ?.split(';')[0];
        const page = await request(t.app).get('/pricing/sent').set('Cookie', `${cookie}; ${flash}`).expect(200);
        return /Your reference is <strong[^>]*>(Q-\d{4}-\d{6})</.exec(page.text)?.[1];
      };
      const first = await referenceOf(await post().expect(303));
      expect(first).toMatch(/^Q-\d{4}-\d{6}$/);
      expect(await referenceOf(await post().expect(303))).toBe(first);
    });

    it('a quote with errors comes back as the form page (422) with the input kept and the errors shown', async () => {
      const { cookie, token } = await visitorSession(t.app, '/pricing');
      const response = await request(t.app)
        .post('/api/quotes')
        .set('Cookie', cookie)
        .set('Accept', 'text/html')
        .field({ ...quote, email: 'not-an-address', [CSRF_FIELD]: token })
        .attach('artwork', png, 'logo.png')
        .expect(422);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.text).toContain('Dana Whitfield');
      expect(response.text).toContain('Enter an e-mail address such as name@example.com.');
      expect(response.text).toContain('Your files were not kept: attach them again.');
      // The browser is put back on the page's own address before React Router starts.
      expect(response.text).toContain('"url":"/pricing"');
      // No page holds a visitor's token, this one neither: its hidden field is empty, as on the form's
      // own page (the browser vouches for the next post, or the client sends the token as a header).
      expect(response.text).not.toContain(token);
      expect(response.text).toContain(`name="${CSRF_FIELD}" value=""`);
    });

    it('a refused file, posted to the form’s own page, comes back there with its error beside the field and the input kept', async () => {
      const { cookie, token } = await visitorSession(t.app, '/pricing');
      const before = await storedCount();
      const response = await request(t.app)
        .post('/pricing')
        .set('Cookie', cookie)
        .set('Accept', 'text/html')
        .field({ ...quote, [CSRF_FIELD]: token })
        .attach('artwork', Buffer.from('MZ this is a program'), 'logo.png')
        .expect(422);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-store');
      // The browser's own check says the same words before sending (shared/submissions/artwork-content.ts).
      expect(response.text).toMatch(
        /id="quote-artwork-error"[^>]*>logo.png is not a PNG, JPEG, SVG, PDF, AI or EPS file \(judged by its content, not its name\)/,
      );
      expect(response.text).toContain('Dana Whitfield');
      expect(response.text).toContain('Team shirts for the 5K');
      expect(response.text).toContain('"url":"/pricing"');
      expect(await storedCount()).toBe(before);
      // A valid post there is stored and sent on to the confirmation, as from the endpoint.
      const sent = await request(t.app)
        .post('/pricing')
        .set('Cookie', cookie)
        .set('Accept', 'text/html')
        .field({ ...quote, [CSRF_FIELD]: token })
        .attach('artwork', png, 'logo.png')
        .expect(303);
      expect(sent.headers.location).toBe('/pricing/sent');
      // Without a token it is refused like any other post, with a way back to the form.
      await request(t.app).post('/pricing').set('Accept', 'text/html').field(quote).expect(403);
    });

    it('a bad token answers a page, not JSON, with a way back to the form', async () => {
      const response = await request(t.app)
        .post('/api/contact')
        .set('Accept', 'text/html')
        .type('form')
        .send(contact)
        .expect(403);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.text).toContain(
        '<a class="font-semibold text-brand-700 underline" href="/contact-us">Back to the form</a>',
      );
    });
  });

  describe('rate limit', () => {
    it('answers 429 with a clear message once an address has posted too often', async () => {
      const limited = await createTestApp({
        config: { submissionRateLimit: 2 },
        storage: await openTestStorage(backend),
      });
      const { cookie, token } = await visitorSession(limited.app);
      const post = () =>
        request(limited.app)
          .post('/api/contact')
          .set('Cookie', cookie)
          .set(CSRF_HEADER, token)
          .set('Accept', 'application/json')
          .send(contact);
      await post().expect(201);
      await post().expect(201);
      const refused = await post().expect(429);
      expect(refused.body.message).toMatch(/many times in a short while/);
      expect(refused.headers).toHaveProperty('ratelimit');
    });

    it('holds across instances: two apps on one database share one count per address and endpoint', async () => {
      const storage = await openTestStorage(backend);
      const first = await createTestApp({ config: { submissionRateLimit: 3 }, storage });
      // A second instance: its own process state and its own connection, the same database.
      const second = await createTestApp({
        config: { submissionRateLimit: 3 },
        storage: testStoresOf(await openDatabase(storage.location), storage.location),
      });
      const post = async (app: TestApp, path = '/api/contact') => {
        const { cookie, token } = await visitorSession(app.app);
        return request(app.app)
          .post(path)
          .set('Cookie', cookie)
          .set(CSRF_HEADER, token)
          .set('Accept', 'application/json')
          .send(path === '/api/contact' ? contact : {});
      };
      expect((await post(first)).status).toBe(201);
      expect((await post(second)).status).toBe(201);
      expect((await post(first)).status).toBe(201);
      const refused = await post(second);
      expect(refused.status).toBe(429);
      expect(refused.headers.ratelimit).toMatch(/; r=0;/);
      expect((await post(first)).status).toBe(429);
      // The other endpoint keeps its own count (a 422 for the empty quote, not a 429).
      expect((await post(second, '/api/quotes')).status).toBe(422);
    });
  });
});
