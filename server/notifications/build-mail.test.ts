import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkKeys } from '#server/http/link-secrets.ts';
import { type BuiltMail, UnbuildableMailError } from '#server/mail/mail-row.ts';
import type { MailSettings } from '#server/mail/mail-settings.ts';
import { queuedSubject } from '#server/mail/queued-subject.ts';
import { requestLinks } from '#server/requests/request-links.ts';
import { readMailFacts } from '#server/storage/mail-facts.ts';
import type { QuoteTerms } from '#shared/requests/quote.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { buildMail } from './build-mail.ts';

const csrfSecret = 'a-test-secret-of-at-least-32-characters!';
const settings: MailSettings = {
  from: 'Seenwear <orders@seenwear.example>',
  shopEmail: 'team@seenwear.example',
  shop: { appName: 'Seenwear', contact: { email: 'hello@seenwear.example', phone: '+15550100123' } },
  publicUrl: 'https://shop.example',
  linkKeys: linkKeys(csrfSecret),
  deskUrl: 'https://shop.example/staff',
};
const terms: QuoteTerms = {
  lines: [
    { label: 'Standard cotton tee', quantity: 48, unitCents: 450 },
    { label: 'Front print, 2 colors', quantity: 48, unitCents: 325 },
  ],
  notes: 'White and gold ink.',
  validUntil: '2099-01-31',
  depositPercent: 50,
};
const staff = 'staff:owner@seenwear.example' as const;

/** The button of a mail's HTML part (a link filling a coloured cell): where it goes and what it says. */
function buttonOf(html: string | undefined) {
  const [, href, label] = /<td bgcolor="[^"]*"[^>]*><a href="([^"]*)"[^>]*>([^<]*)<\/a>/.exec(html ?? '') ?? [];
  return { href, label };
}

/** The summary box's rows of a mail's HTML part, as label and value. */
function summaryOf(html: string | undefined): Record<string, string> {
  return Object.fromEntries(
    [...(html ?? '').matchAll(/<th scope="row"[^>]*>([^<]*)<\/th><td[^>]*>([^<]*)<\/td>/g)].map(([, label, value]) => [
      label,
      value,
    ]),
  );
}

// Every kind of mail, written from its outbox row's facts and what is stored, on each database.
describe.each(backends)('every mail, written when it is sent, on %s', (backend) => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  let reference: string;

  beforeAll(async () => {
    storage = await openTestStorage(backend);
    reference = (
      await storage.submissions.saveSubmission({
        kind: 'quote',
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        payload: { name: 'Dana Whitfield', quantity: 48 },
        files: [],
      })
    ).reference;
  });
  afterAll(() => storage.close());

  /** Claims every due row and writes its mail, as the worker would (and marks it sent). */
  async function written(): Promise<BuiltMail[]> {
    const mails: BuiltMail[] = [];
    for (;;) {
      const claimed = await storage.outbox.claimNotification(60_000);
      if (!claimed) return mails;
      mails.push(await buildMail(claimed, storage, settings));
      await storage.outbox.markNotificationSent(claimed);
    }
  }

  const pageLink = async (of = reference) =>
    `https://shop.example${await requestLinks(storage.customer, csrfSecret).pathFor(of)}`;

  it("writes the confirmation with the page's link, and the shop's copy with the way to the desk", async () => {
    const [shop, customer] = await written();
    expect(shop).toMatchObject({
      from: settings.from,
      to: 'team@seenwear.example',
      subject: `Quote request ${reference} from Dana Whitfield`,
      messageId: `<${reference.toLowerCase()}.shop@seenwear.example>`,
    });
    expect(shop?.text).toContain(`Open it on the desk: https://shop.example/staff/requests/${reference}`);
    expect(customer).toMatchObject({ to: 'dana@example.com', subject: `We received your quote request ${reference}` });
    expect(customer?.text).toContain(`keep it to yourself:\n${await pageLink()}\n`);
    expect(buttonOf(customer?.html)).toEqual({ href: await pageLink(), label: 'Open your private page' });
    expect(customer?.html).not.toContain(`>${await pageLink()}<`);
    expect(customer?.html).toContain(
      '<img src="https://shop.example/icons/icon-192.png" width="40" height="40" alt="Seenwear logo"',
    );
    expect(summaryOf(customer?.html)).toEqual({
      Reference: reference,
      Order: '48 pieces',
      'In short': '48 pieces, no files yet',
    });
    expect(shop?.html).toContain('alt="Seenwear logo"');
  });

  it('writes the quote from the version stored, with its lines, total, deposit and date', async () => {
    await storage.versions.sendQuote(reference, terms, {
      from: 'new',
      to: 'quoted',
      actor: staff,
      mail: (version) => ({ kind: 'quote-sent', version }),
    });
    await storage.versions.sendQuote(
      reference,
      { ...terms, depositPercent: 25 },
      {
        from: 'quoted',
        to: 'quoted',
        actor: staff,
        mail: (version) => ({ kind: 'quote-sent', version }),
      },
    );
    const [first, revised] = await written();
    expect(first?.to).toBe('dana@example.com');
    expect(first?.subject).toBe(`Seenwear: your quote for ${reference}`);
    expect(first?.text).toContain(`Here is our quote for your request ${reference}.`);
    expect(first?.text).toContain('- Standard cotton tee: 48 × $4.50 = $216.00');
    expect(first?.text).toContain('Total: $372.00');
    expect(first?.text).toContain('Deposit before production: $186.00 (50%)');
    expect(first?.text).toContain('Good until: ');
    expect(first?.text).toContain('White and gold ink.');
    expect(first?.text).toContain(`open your request's private page:\n${await pageLink()}`);
    expect(revised?.subject).toBe(`Seenwear: your quote for ${reference} (revised, v2)`);
    expect(revised?.text).toContain('It replaces the one we sent before (this is version 2)');
    expect(revised?.text).toContain('Deposit before production: $93.00 (25%)');
    expect(revised?.messageId).not.toBe(first?.messageId);
    expect(summaryOf(first?.html)).toEqual({
      Reference: reference,
      Order: '48 pieces',
      Total: '$372.00',
      Deposit: '$186.00 (50%)',
    });
    expect(summaryOf(revised?.html)).toMatchObject({ Total: '$372.00', Deposit: '$93.00 (25%)' });
    expect(buttonOf(revised?.html)).toEqual({ href: await pageLink(), label: 'Open your quote' });
  });

  it('writes the proof with its print size and notes, a status change and a message, each with the link', async () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    await storage.versions.sendProof(
      reference,
      {
        file: { name: 'front.png', mediaType: 'image/png', size: png.length, data: png },
        widthInches: 11.5,
        heightInches: 4,
        notes: 'Gold is metallic.',
      },
      { from: 'quoted', to: 'proof_sent', actor: staff, mail: (version) => ({ kind: 'proof-sent', version }) },
    );
    await storage.desk.changeRequestStatus(reference, {
      from: 'proof_sent',
      to: 'approved',
      actor: staff,
      message: 'Your order is approved.',
      mail: { kind: 'status-changed', status: 'approved', message: 'Your order is approved.' },
    });
    await storage.desk.sendRequestMessage(reference, staff, 'Would navy work instead of black?', {
      kind: 'desk-message',
      message: 'Would navy work instead of black?',
      about: 'quote',
    });
    const [proof, status, message] = await written();
    const link = await pageLink();
    expect(proof?.subject).toBe(`Seenwear: your proof for ${reference} is ready`);
    expect(proof?.text).toContain('Print size: 11.5 × 4 in.');
    expect(proof?.text).toContain('Gold is metallic.');
    expect(proof?.text).toContain(`approve it or ask for changes on your request's private page:\n${link}`);
    expect(status?.subject).toBe(`Seenwear: your request ${reference} is now approved`);
    expect(status?.text).toBe(
      `Your order is approved.\n\nReference: ${reference}\nStatus: Approved\n\nYour request, its status and our messages, on your private page:\n${link}\n\nSeenwear`,
    );
    expect(message?.subject).toBe(`Seenwear: about your quote request ${reference}`);
    expect(message?.text).toContain(`Would navy work instead of black?\n\nReference: ${reference}`);
    expect(message?.text).toContain(link);
    // The proof's picture is the page's own preview; the figures are the latest quote's (v2).
    expect(proof?.html).toContain(
      `<img src="${link}/proofs/1/preview" width="280" alt="Your proof, version 1, printed 11.5 × 4 in"`,
    );
    expect(buttonOf(proof?.html)).toEqual({ href: link, label: 'Open your proof' });
    expect(summaryOf(proof?.html)).toEqual({
      Reference: reference,
      Order: '48 pieces',
      Proof: 'Version 1, 11.5 × 4 in',
      Total: '$372.00',
      Deposit: '$93.00 (25%)',
    });
    expect(summaryOf(status?.html)).toEqual({
      Reference: reference,
      Order: '48 pieces',
      Status: 'Approved',
      Total: '$372.00',
      Deposit: '$93.00 (25%)',
    });
    expect(buttonOf(status?.html)).toEqual({ href: link, label: 'Open your private page' });
    expect(buttonOf(message?.html)).toEqual({ href: link, label: 'Open your private page' });
  });

  it('shows no picture of a proof that is not an image, such as a PDF', async () => {
    const pdf = Buffer.from('%PDF-1.7\n');
    await storage.versions.sendProof(
      reference,
      {
        file: { name: 'front.pdf', mediaType: 'application/pdf', size: pdf.length, data: pdf },
        widthInches: null,
        heightInches: null,
        notes: '',
      },
      { from: 'approved', to: 'proof_sent', actor: staff, mail: (version) => ({ kind: 'proof-sent', version }) },
    );
    const [proof] = await written();
    expect(proof?.subject).toBe(`Seenwear: your proof for ${reference} is ready (v2)`);
    expect(proof?.html).not.toContain('/preview');
    expect(proof?.html?.match(/<img /g)).toHaveLength(1);
    expect(summaryOf(proof?.html).Proof).toBe('Version 2');
  });

  it('puts the newest link in, even in mail queued before the link was replaced', async () => {
    const old = await pageLink();
    await storage.outbox.queueMail(
      { kind: 'desk-message', message: 'Hello', about: 'quote' },
      { recipient: 'customer', reference },
    );
    await requestLinks(storage.customer, csrfSecret).replace(reference, staff);
    await storage.outbox.queueMail({ kind: 'link-replaced' }, { recipient: 'customer', reference });
    const [message, replaced] = await written();
    const fresh = await pageLink();
    expect(fresh).not.toBe(old);
    expect(message?.text).toContain(fresh);
    expect(replaced?.subject).toBe(`Seenwear: a new link to your request ${reference}`);
    expect(replaced?.text).toContain(
      `the old one no longer works.\nYour new link (anyone with it can see the request, so keep it to yourself):\n${fresh}`,
    );
    expect(replaced?.text).not.toContain(old);
  });

  it("writes the customer's notes, decisions and cancel to the shop, with the way to the desk", async () => {
    await storage.customer.addCustomerMessage(reference, {
      text: 'Here is the back print.',
      files: [],
      mail: { kind: 'customer-wrote', text: 'Here is the back print.', files: ['back.png', 'back.pdf'] },
    });
    await storage.outbox.queueMail(
      {
        kind: 'customer-decided',
        subject: 'proof',
        version: 1,
        decision: 'approved',
        name: 'Dana W',
        comment: 'Lovely',
      },
      { recipient: 'staff', reference },
    );
    await storage.outbox.queueMail(
      {
        kind: 'customer-decided',
        subject: 'quote',
        version: 2,
        decision: 'changes',
        name: '',
        comment: 'Navy, please',
      },
      { recipient: 'staff', reference },
    );
    await storage.outbox.queueMail({ kind: 'customer-cancelled', reason: '' }, { recipient: 'staff', reference });
    const [wrote, approved, changes, cancelled] = await written();
    const desk = `\n\nOpen it on the desk: https://shop.example/staff/requests/${reference}`;
    // A typed file name is quoted with its dots broken, so no mail program links it (.png is no domain, .zip is).
    expect(wrote).toMatchObject({ to: 'team@seenwear.example', subject: `The customer wrote (${reference})` });
    expect(wrote?.text).toBe(
      `The customer wrote about quote request ${reference}:\n\nHere is the back print.\n\nWith 2 files: back[.]png, back[.]pdf${desk}`,
    );
    expect(approved?.subject).toBe(`The customer approved proof v1 (${reference})`);
    expect(approved?.text).toBe(
      `The customer approved proof v1 of ${reference}, signing as “Dana W”.\n\nLovely${desk}`,
    );
    expect(changes?.subject).toBe(`The customer asked for changes to quote v2 (${reference})`);
    expect(changes?.text).toBe(`The customer asked for changes to quote v2 of ${reference}:\n\nNavy, please${desk}`);
    expect(cancelled?.subject).toBe(`The customer cancelled (${reference})`);
    expect(cancelled?.text).toBe(`The customer cancelled quote request ${reference}.\n\nThey gave no reason.${desk}`);
  });

  it('writes to a contact message without a page, and lists each queued mail under its subject', async () => {
    const { reference: contact } = await storage.submissions.saveSubmission({
      kind: 'contact',
      name: 'Sam',
      email: 'sam@example.com',
      payload: { message: 'Tote bags?' },
      files: [],
    });
    await storage.desk.sendRequestMessage(contact, staff, 'Yes, we do.', {
      kind: 'desk-message',
      message: 'Yes, we do.',
      about: 'contact',
    });
    const mails = await written();
    const reply = mails.at(-1);
    expect(reply?.subject).toBe(`Seenwear: about your message ${contact}`);
    expect(reply?.text).toBe(`Yes, we do.\n\nReference: ${contact}\n\nSeenwear`);
    const listed = (await storage.outbox.notificationsOf(contact)).map((row) => {
      const facts = readMailFacts(row.recipient, row.facts);
      return facts && queuedSubject(facts, contact, 'Seenwear');
    });
    expect(listed).toEqual([undefined, undefined, reply?.subject]);
  });

  it('escapes in the HTML what a visitor typed: a name that is a script shows as text', async () => {
    const name = '<script>alert("x")</script>';
    const { reference: typed } = await storage.submissions.saveSubmission({
      kind: 'quote',
      name,
      email: 'mallory@example.com',
      payload: { name, quantity: 12, service: '<b>Screen</b>', garment: '<img src=x onerror=alert(1)>' },
      files: [],
    });
    const [shop, customer] = await written();
    expect(shop?.subject).toBe(`Quote request ${typed} from ${name}`);
    expect(shop?.html).toContain('Name: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(shop?.html).toContain('Service: &lt;b&gt;Screen&lt;/b&gt;');
    expect(customer?.html).toContain('12 pieces · &lt;b&gt;Screen&lt;/b&gt; · &lt;img src=x onerror=alert(1)&gt;');
    for (const html of [shop?.html, customer?.html]) {
      expect(html).not.toMatch(/<script|<b>|<img src=x/);
    }
  });

  it('refuses to write a mail whose facts it does not know or whose version is gone', async () => {
    const row = { id: 1, reference, recipient: 'customer' as const };
    await expect(buildMail({ ...row, facts: { kind: 'fax' } }, storage, settings)).rejects.toThrow(
      UnbuildableMailError,
    );
    await expect(buildMail({ ...row, facts: { kind: 'quote-sent', version: 99 } }, storage, settings)).rejects.toThrow(
      /quote v99 .* is not in storage/,
    );
    await expect(
      buildMail({ ...row, reference: 'Q-2000-000001', facts: { kind: 'link-replaced' } }, storage, settings),
    ).rejects.toThrow(UnbuildableMailError);
    await expect(
      buildMail({ ...row, facts: { kind: 'legacy', subject: 'Your quote' } }, storage, settings),
    ).rejects.toThrow(/only its subject was kept/);
    const { linkKeys: _keys, ...withoutKeys } = settings;
    await expect(
      buildMail(
        {
          ...row,
          reference: null,
          recipient: 'staff',
          facts: { kind: 'staff-sign-in', to: 'owner@seenwear.example', nonce: 'n'.repeat(43) },
        },
        storage,
        withoutKeys,
      ),
    ).rejects.toThrow(/CSRF_SECRET/);
  });
});
