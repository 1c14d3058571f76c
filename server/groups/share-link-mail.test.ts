import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '#server/config.ts';
import { linkKeys, newLinkSecret } from '#server/http/link-secrets.ts';
import type { MailSettings } from '#server/mail/mail-settings.ts';
import { createMailTransport } from '#server/mail/mail-transport.ts';
import { startMailWorker } from '#server/notifications/start-notifications.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import { type SmtpCatcher, startSmtpCatcher } from '#tests/support/smtp-catcher.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';
import { sharePath } from './group-links.ts';
import { SHARE_MAIL_CAPS } from './share-mail-cap.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const csrfSecret = 'test-secret-0123456789abcdef0123456789abcdef';
const mail: AppConfig['mail'] = {
  smtpUrl: 'smtp://127.0.0.1:2525',
  from: 'orders@seenwear.example',
  shopEmail: 'shop@seenwear.example',
};
const settings: MailSettings = {
  from: 'Seenwear <orders@seenwear.example>',
  shopEmail: 'shop@seenwear.example',
  shop: { appName: 'Seenwear', contact: { email: 'hello@seenwear.example', phone: '+15550100123' } },
  publicUrl: 'https://shop.example',
  linkKeys: linkKeys(csrfSecret),
};
/** What someone who wants the shop to send their link would type as a title or a name. */
const bait = 'Claim at https://evil.example/login or www.evil.example';

// A group's share link lets anyone type an address, a name and (as organiser) a title: what the shop
// then mails, to whom and how often, on each database.
describe.each(backends)('mail a share link causes, on %s', (backend) => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  const log = memoryLogger();

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({
      storage: await openTestStorage(backend),
      config: { submissionRateLimit: 1000, mail, csrfSecret, groupLimits: { perGroup: 300, perVisitor: 300 } },
    });
  });
  afterAll(async () => {
    await smtp.close();
  });

  /** Sends every due mail to the catcher, as the running site's worker would; the mails caught by this run. */
  async function sendDue() {
    const before = smtp.received.length;
    const transport = createMailTransport(smtp.url);
    const worker = startMailWorker(t.storage, settings, {
      transport,
      logger: log.logger,
      intervalMs: 3_600_000,
    });
    await worker.drain();
    await worker.stop();
    transport.close();
    return smtp.received.slice(before);
  }

  let made = 0;
  /** An organiser's request with a group open for members, its title what they typed. */
  async function openGroup(title: string) {
    made += 1;
    const { reference } = await t.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Pat Organiser',
      email: `pat-${made}@example.com`,
      payload: { name: 'Pat Organiser', garment: 'tee', garmentColor: 'Navy', quantity: 20 },
      formValues: { name: 'Pat Organiser', qtyM: '20' },
      files: [],
    });
    const group = await t.storage.groups.startGroup(
      reference,
      {
        title,
        deadline: new Date('2099-06-01T18:00:00Z'),
        asksNames: false,
        asksNumbers: false,
        note: '',
        payer: 'organiser',
        priceCents: null,
        allowRepeat: true,
      },
      newLinkSecret(),
    );
    if (!group || group === 'exists') throw new Error('no group');
    const share = sharePath(linkKeys(csrfSecret), group);
    if (!share) throw new Error('no share link');
    return { reference, group, share };
  }

  /** An entry the organiser added (no mail of its own), then its receipt queued as the webhook queues it. */
  async function queuedReceipt(groupId: number, reference: string, person: { name: string; email: string }) {
    const added = await t.storage.groups.addEntry(groupId, {
      input: { ...person, size: 'M', quantity: 1, backName: '', backNumber: '' },
      editSalt: newLinkSecret(),
      addedBy: 'customer',
      visitor: '',
      limits: { perGroup: 300, perVisitor: 300 },
      payment: 'none',
    });
    if (!added.ok) throw new Error(added.reason);
    await t.storage.outbox.queueMail(
      { kind: 'group', about: 'entry', entry: added.entry.id },
      { recipient: 'customer', reference },
    );
    return added.entry;
  }

  it('mails nothing to an address a member typed when joining (no card payment): the page is their link', async () => {
    const { share } = await openGroup('Hornets U12');
    await sendDue();
    const member = await visitorSession(t.app, share);
    const typed = ['victim-1@example.com', 'victim-2@example.com', 'victim-3@example.com'];
    for (const [index, email] of typed.entries()) {
      const joined = await request(t.app)
        .post(`${share}/join`)
        .set('Cookie', member.cookie)
        .type('form')
        .send({ [CSRF_FIELD]: member.token, name: `${bait} ${index}`, email, size: 'M', quantity: '1' })
        .expect(303);
      const own = await request(t.app).get(String(joined.headers.location)).expect(200);
      expect(own.text).toContain('Bookmark this page');
      expect(own.text).not.toContain('e-mailed you');
    }
    const sent = await sendDue();
    expect(sent.filter((caught) => caught.envelopeTo.some((to) => typed.includes(to)))).toEqual([]);
  });

  it('turns no typed title or name into a link, in the HTML part or the text, and keeps it readable', async () => {
    const { reference, group } = await openGroup(bait);
    await queuedReceipt(group.id, reference, { name: bait, email: 'alex@example.com' });
    const sent = await sendDue();
    const shareMail = sent.find(
      (caught) =>
        caught.envelopeTo.includes(`pat-${made}@example.com`) &&
        caught.header('subject')?.includes('link for your group'),
    );
    const receipt = sent.find((caught) => caught.envelopeTo.includes('alex@example.com'));
    expect(shareMail).toBeDefined();
    expect(receipt).toBeDefined();
    for (const caught of [shareMail, receipt]) {
      const html = caught?.html ?? '';
      const text = caught?.text ?? '';
      // The shop's own link is still a link (the button, the group's page).
      expect(html).toMatch(/<a href="https:\/\/shop\.example\/group/);
      expect(html).not.toMatch(/<a[^>]+evil/);
      for (const part of [html, text]) {
        expect(part).not.toContain('https://evil.example');
        expect(part).not.toContain('www.evil.example');
        expect(part).not.toMatch(/evil\.example/);
      }
      // Still readable: what was typed is there, its addresses broken so no mail program links them.
      expect(text).toContain('evil[.]example');
      expect(html).toContain('evil[.]example');
    }
  });

  it('sends one address only so many share-link mails a day, and holds the rest with a warning', async () => {
    const perRecipient = SHARE_MAIL_CAPS.perRecipient;
    const { reference, group } = await openGroup('Choir');
    await sendDue();
    for (let i = 0; i <= perRecipient.limit + 1; i += 1)
      await queuedReceipt(group.id, reference, { name: `Kid ${i}`, email: 'Parent@Example.com' });
    const sent = await sendDue();
    const toParent = sent.filter((caught) => caught.envelopeTo.some((to) => to.toLowerCase() === 'parent@example.com'));
    expect(toParent).toHaveLength(perRecipient.limit);
    const held = log.lines.filter((line) => line.reason === 'group_mail_capped');
    expect(held).toHaveLength(2);
    expect(held[0]).toMatchObject({ level: 40, group: group.id, cap: `${perRecipient.limit} per recipient per day` });
    expect(held[0]?.entry).toEqual(expect.any(Number));
    // Another address in another group is not held by this one's count.
    const other = await openGroup('Band');
    await sendDue();
    await queuedReceipt(other.group.id, other.reference, { name: 'Sam', email: 'sam@example.com' });
    expect((await sendDue()).map((caught) => caught.envelopeTo)).toEqual([['sam@example.com']]);
  });

  it('sends one group only so many share-link mails a day, whoever they go to', async () => {
    const perGroup = SHARE_MAIL_CAPS.perGroup;
    const { reference, group } = await openGroup('Marathon');
    await sendDue();
    for (let i = 0; i <= perGroup.limit; i += 1)
      await queuedReceipt(group.id, reference, { name: `Runner ${i}`, email: `runner-${i}@example.com` });
    const sent = await sendDue();
    expect(sent).toHaveLength(perGroup.limit);
    const held = log.lines.filter((line) => line.reason === 'group_mail_capped' && line.group === group.id);
    expect(held.map((line) => line.cap)).toEqual([`${perGroup.limit} per group per day`]);
  });
});
