import { describe, expect, it } from 'vitest';
import type { MailSettings } from '#server/mail/mail-settings.ts';
import type { StoredMockup } from '#server/mockups/mockup-store.ts';
import { buildMail, type MailReads } from '#server/notifications/build-mail.ts';
import { customerMessage, shopMessage } from './received-mail.ts';
import type { Submission } from './submission-store.ts';

const settings: MailSettings = {
  from: 'Seenwear <orders@seenwear.example>',
  shopEmail: 'team@seenwear.example',
  shop: { appName: 'Seenwear', contact: { email: 'hello@seenwear.example', phone: '+15550100123' } },
  publicUrl: 'https://shop.example',
};

/** The submission's mail as the outbox sends it: written from its row (no facts: the submission's own). */
function sent(submission: Submission, recipient: 'shop' | 'customer', mockups: StoredMockup[] = []) {
  const unread = () => Promise.reject(new Error('not read by a submission mail'));
  const reads: MailReads = {
    submissions: { getSubmission: async () => submission },
    customer: { getCustomerRequest: unread, requestLinkOf: async () => undefined, approvalsOf: unread },
    desk: { getRequestState: unread },
    versions: { quotesOf: unread, proofsOf: unread, pinsOf: unread },
    payments: { paymentsOf: unread, depositWaiverOf: unread },
    groups: { groupOf: unread, entryById: unread },
    mockups: { mockupsOf: async () => mockups },
    teamStores: { orderById: unread, storeById: unread },
    books: { discountsOf: unread },
    blanks: { purchaseOrder: unread },
  };
  return buildMail({ id: 1, reference: submission.reference, recipient, facts: null }, reads, settings);
}

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

function quote(overrides: Partial<Submission> = {}): Submission {
  return {
    reference: 'Q-2026-000123',
    kind: 'quote',
    name: 'Jane Doe',
    email: 'jane@example.com',
    createdAt: new Date('2026-03-14T15:04:05Z'),
    fileCount: 1,
    pendingNotifications: 2,
    payload: {
      name: 'Jane Doe',
      email: 'jane@example.com',
      service: 'screen-printing',
      garmentCount: 48,
      rush: false,
      sizes: ['S', 'M', 'L'],
      locations: [
        { placement: 'front', inkColors: 2 },
        { placement: 'back', inkColors: 1 },
      ],
      estimate: { total_cents: 52_800, per_piece: '11.00' },
      notes: 'Logo on the front.\nText <b>"Team"</b> on the back.',
      phone: '',
    },
    files: [{ name: 'logo.png', mediaType: 'image/png', size: 2048, data: png }],
    ...overrides,
  };
}

describe('shopMessage', () => {
  it('is a short summary with a link to the desk, files left in the database, once the desk is open', () => {
    const message = shopMessage(quote(), { ...settings, deskUrl: 'https://shop.example/staff' });
    const text = String(message.text);
    expect(text).toContain('In short:');
    expect(text).toContain('Files: 1 (2.0 KB), on the desk');
    expect(text).toContain('Open it on the desk: https://shop.example/staff/requests/Q-2026-000123');
    expect(text).not.toContain('Garment count');
    expect(message.attachments).toEqual([]);
  });

  it('goes to the shop with the reference and kind in the subject, and replies go to the customer', async () => {
    const message = await sent(quote(), 'shop');
    expect(message.from).toBe(settings.from);
    expect(message.to).toBe('team@seenwear.example');
    expect(message.replyTo).toEqual({ name: 'Jane Doe', address: 'jane@example.com' });
    expect(message.subject).toBe('Quote request Q-2026-000123 from Jane Doe');
  });

  it('gives the time on the shop’s clock, named, as the desk does', () => {
    const text = String(shopMessage(quote(), { ...settings, timeZone: 'America/Chicago' }).text);
    expect(text).toContain('Received: Mar 14, 2026, 10:04 AM CDT');
  });

  it('gives the service, the in-hands date and the estimate’s total under the header, on the shop’s clock', () => {
    const payload = {
      service: 'Screen printing',
      quantity: 48,
      inHandsDate: '2026-04-03',
      websiteEstimate: '$1,366.50 in total for 48 pieces, about $28.47 per piece (the total ÷ 48, rounded).',
    };
    const text = String(
      shopMessage(quote({ payload }), {
        ...settings,
        timeZone: 'America/Chicago',
        deskUrl: 'https://shop.example/staff',
      }).text,
    );
    expect(text).toContain(
      'Received: Mar 14, 2026, 10:04 AM CDT\nIn short: 48 pieces, 1 file (1 image)\n' +
        'Service: Screen printing\nIn-hands date: Fri, Apr 3, 2026\nWebsite estimate: $1,366.50\n',
    );
    const undated = String(shopMessage(quote({ payload: { ...payload, inHandsDate: undefined } }), settings).text);
    expect(undated).toContain('Service: Screen printing\nIn-hands date: none given\nWebsite estimate: $1,366.50\n');
  });

  it('lists every field readably, nested objects and lists included', () => {
    const text = String(shopMessage(quote(), settings).text);
    expect(text).toContain('Name: Jane Doe\nE-mail: jane@example.com\nReceived: Mar 14, 2026, 3:04 PM UTC');
    expect(text).toContain('Service: screen-printing');
    expect(text).toContain('Garment count: 48');
    expect(text).toContain('Rush: No');
    expect(text).toContain('Sizes: S, M, L');
    expect(text).toContain(
      'Locations:\n  1.\n    Placement: front\n    Ink colors: 2\n  2.\n    Placement: back\n    Ink colors: 1',
    );
    expect(text).toContain('Estimate:\n  Total cents: 52800\n  Per piece: 11.00');
    expect(text).toContain('Notes:\n  Logo on the front.\n  Text <b>"Team"</b> on the back.');
    expect(text).toContain('Phone: (not given)');
    expect(text).toContain('Files (attached)\n  - logo[.]png (image/png, 2.0 KB)');
    // The name and e-mail head the message once, not again among the details.
    expect(text.match(/Jane Doe/g)).toHaveLength(1);
    expect(text.match(/jane@example\.com/g)).toHaveLength(1);
  });

  it('sums a quote up under its header: pieces, files, the images among them, comments', () => {
    const files = [
      { name: 'logo.png', mediaType: 'image/png', size: 2048, data: png },
      { name: 'proof.pdf', mediaType: 'application/pdf', size: 4096, data: png },
    ];
    const payload = { service: 'screen-printing', quantity: 48, comments: 'Rush, please.' };
    const text = String(shopMessage(quote({ payload, files }), settings).text);
    expect(text).toContain(
      'Received: Mar 14, 2026, 3:04 PM UTC\nIn short: 48 pieces, 2 files (1 image) and 1 comment\n',
    );
    const contact = String(shopMessage(quote({ kind: 'contact', reference: 'C-2026-000045' }), settings).text);
    expect(contact).not.toContain('In short:');
  });

  it('attaches the mockups and says what they show, with the desk open or not', async () => {
    const jpeg = Buffer.from('ffd8ffe0', 'hex');
    const mockup: StoredMockup = {
      view: 'front',
      mediaType: 'image/jpeg',
      data: jpeg,
      createdAt: new Date('2026-03-10T12:00:00Z'),
      details: {
        garmentId: 'gildan-5000',
        garmentName: 'Gildan 5000 Heavy Cotton tee',
        color: 'Navy',
        hex: '#1f2a44',
        placements: [
          {
            row: 1,
            placement: 'front',
            file: 0,
            widthInches: 10,
            heightInches: 5,
            xInches: 1,
            yInches: 0,
            dpi: 400,
            notes: ['Animated image: the mockup shows its first frame.'],
          },
        ],
      },
    };
    for (const deskUrl of [undefined, 'https://shop.example/staff']) {
      const message = await sent(quote(), 'shop', [mockup]);
      const desk = shopMessage(quote(), { ...settings, ...(deskUrl ? { deskUrl } : {}) }, [mockup]);
      for (const mail of [message, desk]) {
        expect(mail.attachments?.[0]).toEqual({
          filename: 'Q-2026-000123-mockup-front.jpg',
          content: jpeg,
          contentType: 'image/jpeg',
        });
        expect(String(mail.text)).toContain(
          'Q-2026-000123-mockup-front.jpg: Gildan 5000 Heavy Cotton tee, Navy\n    front: 10 × 5 in, 400 dpi (Animated image: the mockup shows its first frame.)',
        );
      }
    }
  });

  it('attaches the files with the media type detected on upload', () => {
    const message = shopMessage(quote(), settings);
    expect(message.attachments).toEqual([{ filename: 'logo.png', content: png, contentType: 'image/png' }]);
  });

  it('never offers SVG artwork to a mail client as image/svg+xml: it goes as application/octet-stream', () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const files = [{ name: 'logo.svg', mediaType: 'image/svg+xml', size: svg.length, data: svg }];
    const message = shopMessage(quote({ files }), settings);
    expect(message.attachments).toEqual([
      { filename: 'logo.svg', content: svg, contentType: 'application/octet-stream', contentDisposition: 'attachment' },
    ]);
  });

  it('has an HTML alternative in which the visitor cannot inject markup', async () => {
    const html = String((await sent(quote(), 'shop')).html);
    expect(html).toContain('Text &lt;b&gt;&quot;Team&quot;&lt;/b&gt; on the back.');
    expect(html).not.toContain('<b>');
  });

  it('names a contact message as such and says when nothing was attached', () => {
    const message = shopMessage(
      quote({ reference: 'C-2026-000045', kind: 'contact', payload: { message: 'Hi' }, files: [], fileCount: 0 }),
      settings,
    );
    expect(message.subject).toBe('Message C-2026-000045 from Jane Doe');
    expect(message.text).toContain('Message: Hi');
    expect(message.text).toContain('Files: none');
    expect(message.attachments).toEqual([]);
  });
});

describe('customerMessage', () => {
  it('confirms warmly with the reference, the next step and how to reach the shop', async () => {
    const message = await sent(quote(), 'customer');
    expect(message.from).toBe(settings.from);
    expect(message.to).toBe('jane@example.com');
    expect(message.replyTo).toBe('hello@seenwear.example');
    expect(message.subject).toBe('We received your quote request Q-2026-000123');
    const text = String(message.text);
    expect(text).toMatch(/^Hello,\n/);
    expect(text).toContain('Thank you for your quote request');
    expect(text).toContain('Q-2026-000123');
    expect(text).toContain('within one business day');
    expect(text).toContain('Phone: (555) 010-0123');
    expect(text).toContain('E-mail: hello@seenwear.example');
    expect(message.html).toContain('Q-2026-000123');
  });

  it('shows the order at the top of its HTML, and the private link as a button', async () => {
    const payload = { service: 'Screen printing', garment: 'Standard cotton tee', quantity: 48, comments: 'Hi' };
    const message = customerMessage(quote({ payload }), settings, 'https://shop.example/requests/Q-2026-000123/s3cret');
    expect(message.look).toEqual({
      summary: [
        { label: 'Reference', value: 'Q-2026-000123' },
        { label: 'Order', value: '48 pieces · Screen printing · Standard cotton tee' },
        { label: 'In short', value: '48 pieces, 1 file (1 image) and 1 comment' },
      ],
      button: { href: 'https://shop.example/requests/Q-2026-000123/s3cret', label: 'Open your private page' },
    });
    const html = String((await sent(quote({ payload }), 'customer')).html);
    expect(html).toContain('48 pieces · Screen printing · Standard cotton tee');
  });

  it('never sends the visitor’s files or text back', () => {
    const message = customerMessage(quote(), settings);
    expect(message.attachments).toBeUndefined();
    expect(String(message.text)).not.toContain('logo.png');
    expect(String(message.text)).not.toContain('Logo on the front');
  });

  it('echoes nothing the visitor typed: not even a plain-looking name, in the greeting or the To: display name', () => {
    for (const name of ['Jane Doe', 'Your account is locked Call 555 0100', 'Win $$$ at https://spam.example']) {
      const message = customerMessage(quote({ name }), settings);
      expect(message.to).toBe('jane@example.com');
      expect(String(message.text)).toMatch(/^Hello,\n/);
      expect(JSON.stringify(message)).not.toContain(name);
    }
  });

  it('leaves out a "name" that looks like a link or a pitch', () => {
    const message = customerMessage(quote({ name: 'Win $$$ at https://spam.example' }), settings);
    expect(message.to).toBe('jane@example.com');
    expect(String(message.text)).toMatch(/^Hello,\n/);
    expect(String(message.text)).not.toContain('spam.example');
  });

  it('speaks of a message for the contact form', () => {
    const message = customerMessage(quote({ reference: 'C-2026-000045', kind: 'contact' }), settings);
    expect(message.subject).toBe('We received your message C-2026-000045');
    expect(message.text).toContain('Thank you for your message.');
    // A message is no order: its summary gives the reference alone.
    expect(message.look?.summary).toEqual([{ label: 'Reference', value: 'C-2026-000045' }]);
  });
});
