import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import { axeViolations, mailWith, signInToDesk, watchedPage } from '#tests/support/browser-session.ts';
import { liveVisitorSession, quoteFormData } from '#tests/support/quote-post.ts';
import { randomPng } from '#tests/support/random-png.ts';
import { stripeDeskServerForThisFile } from '#tests/support/stripe-desk-server.ts';
import { standInFee } from '#tests/support/stripe-stand-in.ts';

const shots = '/work/shots/stores';

async function screenshots(page: Page, name: string) {
  await mkdir(shots, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    // Nothing wider than the screen: no sideways scrolling.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      name,
    ).toBeLessThanOrEqual(0);
  }
}

const TEE = 'Gildan 5000 Heavy Cotton tee';
const HOODIE = 'Gildan 18500 Heavy Blend hooded sweatshirt';

interface Line {
  product: string;
  colour: string;
  size: string;
  quantity?: number;
  back?: string;
  number?: string;
}

/** A buyer on their phone: adds each line, saves their card on Stripe's page, lands on their order. */
async function order(
  browser: Browser,
  link: string,
  buyer: { name: string; email: string; lines: Line[] },
  { javaScript = true, shot }: { javaScript?: boolean; shot?: string } = {},
) {
  const context = await browser.newContext({ javaScriptEnabled: javaScript, viewport: { width: 390, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  try {
    await page.goto(link);
    for (const line of buyer.lines) {
      const product = page.getByRole('region', { name: line.product });
      await product.locator(`input[name="colour"][value="${line.colour}"]`).check();
      await product.locator(`input[name="size"][value="${line.size}"]`).check();
      await product.getByLabel('How many').fill(String(line.quantity ?? 1));
      if (line.back) await product.getByLabel('Name on the back').fill(line.back);
      if (line.number) await product.getByLabel('Number').fill(line.number);
      await product.getByRole('button', { name: 'Add to my order' }).click();
      await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Added to your order');
    }
    if (shot) {
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, shot);
    }
    const total = (await page.getByTestId('cart-total').textContent()) ?? '';
    await page.getByLabel('Your name').fill(buyer.name);
    await page.getByLabel('Your e-mail').fill(buyer.email);
    await page.getByRole('checkbox', { name: /Keep my card on file/ }).check();
    await page.getByRole('button', { name: 'Save my card and place my order' }).click();
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toContain('Placed. Your card is saved');
    if (shot) {
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, `${shot}-order`);
    }
    expect(problems).toEqual([]);
    return { total: total.replace('Total ', ''), orderUrl: page.url().split('?')[0] ?? '' };
  } finally {
    await context.close();
  }
}

// A school club's store, in Chromium against the production build and the Stripe stand-in: the desk
// opens it from the organiser's request with a tee and a hoodie, three buyers order on their phones
// (one without JavaScript) saving their cards, nothing is charged until the close, and the close
// charges each exactly their total; a second store misses its minimum and nobody is charged.
describe('a team store that charges nobody unless the minimum is met', () => {
  const browser = chromiumForThisFile();
  const { site, stripe } = stripeDeskServerForThisFile();

  async function request(email: string) {
    const session = await liveVisitorSession(site.url);
    const posted = await fetch(`${site.url}/api/quotes`, {
      method: 'POST',
      headers: { Cookie: session.cookie, [CSRF_HEADER]: session.token, Accept: 'application/json' },
      body: quoteFormData({
        name: 'Pat Okafor',
        email,
        comments: 'Hornets club store',
        file: randomPng(64),
        fileName: 'hornets.png',
      }),
    });
    expect(posted.status).toBe(201);
    return ((await posted.json()) as { reference: string }).reference;
  }

  async function openStore(desk: Page, reference: string, title: string, minimum: number, shot?: string) {
    // From the request on the desk, as staff find it.
    await desk.goto(`${site.url}/staff/requests/${reference}`);
    await desk.getByRole('link', { name: 'Open a team store' }).click();
    await expect.poll(() => desk.getByRole('heading', { level: 1 }).textContent()).toContain('Open a store for');
    if (shot) {
      expect(await axeViolations(desk)).toEqual([]);
      await screenshots(desk, shot);
    }
    await desk.getByLabel('Title').fill(title);
    await desk.getByLabel('Minimum of pieces').fill(String(minimum));
    await desk.getByLabel('Pieces expected').fill('24');
    await desk.getByLabel('Markup per piece for the club, in dollars').fill('5.00');
    await desk.getByRole('checkbox', { name: 'Ask for a name on the back' }).check();
    await desk.getByRole('checkbox', { name: 'Ask for a number' }).check();
    await desk.locator('#product1').selectOption('gildan-5000');
    await desk.locator('#product1Colours').fill('Navy, White');
    await desk.locator('#product1Sizes').fill('S, M, L, XL, 2XL');
    await desk.locator('#product2').selectOption('gildan-18500');
    await desk.locator('#product2Colours').fill('Black');
    await desk.getByRole('button', { name: 'Open the store' }).click();
    await expect.poll(() => desk.getByRole('status').first().textContent()).toContain('The store is open');
    return desk.getByLabel('Store link').inputValue();
  }

  it('charges all three buyers at close once the minimum is met', async () => {
    stripe().webhookUrl = `${site.url}/webhooks/stripe`;
    const reference = await request('pat@example.com');
    const desk = await watchedPage(browser(), 1280);
    try {
      await desk.page.goto(`${site.url}/staff/sign-in`);
      await signInToDesk(desk.page, site.smtp, site.staff);
      const link = await openStore(desk.page, reference, 'Hornets fall fundraiser', 4, 'desk-new-store');

      const alex = await order(
        browser(),
        link,
        {
          name: 'Alex Kim',
          email: 'alex@example.com',
          lines: [
            { product: TEE, colour: 'Navy', size: '2XL', quantity: 2, back: 'Kim', number: '7' },
            { product: HOODIE, colour: 'Black', size: 'L' },
          ],
        },
        { shot: 'store' },
      );
      const bo = await order(
        browser(),
        link,
        { name: 'Bo Ray', email: 'bo@example.com', lines: [{ product: TEE, colour: 'White', size: 'M' }] },
        { javaScript: false },
      );
      const cy = await order(browser(), link, {
        name: 'Cy Diaz',
        email: 'cy@example.com',
        lines: [{ product: HOODIE, colour: 'Black', size: 'XL', back: 'Diaz', number: '12' }],
      });
      // Saved, not charged: Stripe holds three cards and no payment.
      expect(stripe().paymentIntents.size).toBe(0);
      const counter = desk.page.getByTestId('desk-counter');
      await desk.page.reload();
      expect(await counter.textContent()).toBe('5 of 4 — the minimum is reached: the order goes ahead');
      expect(await desk.page.getByTestId('funds').textContent()).toBe('$25.00');
      expect(await axeViolations(desk.page)).toEqual([]);
      await screenshots(desk.page, 'desk-store-open');

      await desk.page.getByRole('button', { name: 'Close the store now' }).click();
      await expect
        .poll(() => desk.page.getByRole('status').first().textContent())
        .toContain('every saved card was charged');
      expect(await axeViolations(desk.page)).toEqual([]);
      await screenshots(desk.page, 'desk-store-charged');

      const charged = [...stripe().paymentIntents.values()];
      expect(charged.map((intent) => intent.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
      const amounts = charged.map((intent) => `$${(Number(intent.amount) / 100).toFixed(2)}`).sort();
      expect(amounts).toEqual([alex.total, bo.total, cy.total].sort());
      expect(charged.every((intent) => intent.off_session === true)).toBe(true);
      // The statement adds up to the cent: the sales are what Stripe took, the fees what Stripe reported,
      // and the club's payout the markup on every piece less those fees.
      const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[$,]/g, '')) * 100);
      const line = async (id: string) => cents(await desk.page.getByTestId(`statement-${id}`).textContent());
      const taken = charged.reduce((sum, intent) => sum + Number(intent.amount), 0);
      const fees = charged.reduce((sum, intent) => sum + standInFee(Number(intent.amount)), 0);
      expect(await line('sales')).toBe(taken);
      expect(await line('fees')).toBe(fees);
      expect(await line('payout')).toBe(5 * 500 - fees);
      expect((await line('shop')) + (await line('fees')) + (await line('payout'))).toBe(await line('sales'));
      // The organiser's own page, read only, from the link the desk shows.
      const organiserLink = await desk.page.getByLabel(/The organiser’s link/).inputValue();
      const organiser = await watchedPage(browser(), 390);
      try {
        await organiser.page.goto(organiserLink);
        expect(cents(await organiser.page.getByTestId('statement-payout').textContent())).toBe(5 * 500 - fees);
        expect(await organiser.page.getByText('alex@example.com').count()).toBe(0);
        expect(await axeViolations(organiser.page)).toEqual([]);
        await screenshots(organiser.page, 'organiser');
        expect(organiser.problems).toEqual([]);
      } finally {
        await organiser.context.close();
      }
      const placed = await mailWith(site.smtp, /Your order from "Hornets fall fundraiser" is placed/);
      expect(placed.text).toContain('Nothing is charged today');
      const receipt = await mailWith(site.smtp, /We charged your saved card/);
      expect(receipt.text).toContain('Hornets fall fundraiser');

      // Into production: the run is on the board, the papers are PDFs, and "bags ready" mails the buyers.
      expect(await desk.page.getByTestId('store-board').textContent()).toContain('On the board as request');
      const pickupHref = await desk.page.getByRole('link', { name: 'Pickup list (PDF)' }).getAttribute('href');
      const pickup = await desk.page.request.get(`${site.url}${pickupHref ?? ''}`);
      expect(pickup.headers()['content-type']).toContain('application/pdf');
      await desk.page.getByRole('button', { name: 'Bags ready: mail the buyers' }).click();
      await expect
        .poll(() => desk.page.getByRole('status').first().textContent())
        .toContain('every buyer who paid is mailed');
      expect(await axeViolations(desk.page)).toEqual([]);
      const bag = await mailWith(site.smtp, /is packed, with your name on its label/);
      expect(bag.text).toContain('Hornets fall fundraiser');

      // After the close the store takes nothing, and says so.
      const late = await watchedPage(browser(), 390);
      try {
        await late.page.goto(link);
        expect(await late.page.getByRole('button', { name: 'Add to my order' }).count()).toBe(0);
        expect(await late.page.getByText(/This store closed on/).count()).toBe(1);
        const own = await late.page.goto(alex.orderUrl);
        expect(own?.status()).toBe(200);
        expect(await late.page.getByTestId('order-status').textContent()).toContain('Charged');
        expect(late.problems).toEqual([]);
      } finally {
        await late.context.close();
      }
      expect(desk.problems).toEqual([]);
    } finally {
      await desk.context.close();
    }
  });

  it('charges nobody when the store misses its minimum, and tells each buyer once', async () => {
    stripe().webhookUrl = `${site.url}/webhooks/stripe`;
    const reference = await request('sam@example.com');
    const desk = await watchedPage(browser(), 1280);
    try {
      await desk.page.goto(`${site.url}/staff/sign-in`);
      await signInToDesk(desk.page, site.smtp, site.staff);
      // A long word typed in the title wraps on a phone rather than pushing the page sideways.
      const long = 'Schachgroßmeisterschaftsvorbereitungskursteilnehmerinnenbund';
      const link = await openStore(desk.page, reference, `Chess club hoodies ${long}`, 20);
      const look = await watchedPage(browser(), 390);
      try {
        await look.page.goto(link);
        expect(await axeViolations(look.page)).toEqual([]);
        await screenshots(look.page, 'store-long-title');
        expect(look.problems).toEqual([]);
      } finally {
        await look.context.close();
      }
      const before = stripe().paymentIntents.size;
      await order(browser(), link, {
        name: 'Dee Moss',
        email: 'dee@example.com',
        lines: [{ product: HOODIE, colour: 'Black', size: 'M', quantity: 2 }],
      });
      await desk.page.reload();
      await desk.page.getByRole('button', { name: 'Close the store now' }).click();
      await expect.poll(() => desk.page.getByRole('status').first().textContent()).toContain('nobody was charged');
      expect(stripe().paymentIntents.size).toBe(before);
      const released = [...stripe().paymentMethods.values()].filter((method) => method.customer === null);
      expect(released.length).toBeGreaterThanOrEqual(1);
      const mail = await mailWith(site.smtp, /Your card was not charged/);
      expect(mail.text).toContain('Chess club hoodies');
      const told = site.smtp.received.filter((item) => /Chess club hoodies/.test(item.text));
      // The order placed, then one mail at the close: no charge, no second word.
      expect(told.map((item) => /placed|not charged/.exec(item.text)?.[0])).toEqual(['placed', 'not charged']);
    } finally {
      await desk.context.close();
    }
  });
});
