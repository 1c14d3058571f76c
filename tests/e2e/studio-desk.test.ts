import { describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import type { DesignLayer, StudioDesign } from '#shared/studio/design-schema.ts';
import { countInks } from '#shared/studio/ink-count.ts';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import {
  axeViolations,
  deskServerForThisFile,
  mailWith,
  signInToDesk,
  watchedPage,
} from '#tests/support/browser-session.ts';
import { liveVisitorSession } from '#tests/support/quote-post.ts';
import { goldDisc, navyTeeDesign, navyTeeQuote, textLayer } from '#tests/support/studio-design.ts';

const browser = chromiumForThisFile();

/** A gold team name over a white disc on a navy tee: two inks and the underbase. */
const eagles = textLayer({ sizeInches: 1.2 });
const customerDesign = navyTeeDesign({ front: [{ ...goldDisc, inkId: 'white' }, eagles] });
const sentenceOf = (design: StudioDesign) => countInks(design, true)[0]?.sentence;

/** The quote form's post, as its script sends it, with the studio's design in its hidden field. */
async function sendQuoteWithDesign(url: string): Promise<string> {
  const { cookie, token } = await liveVisitorSession(url);
  const form = new FormData();
  const fields = { ...navyTeeQuote(2), email: 'coach@example.com', qtyM: '40', design: JSON.stringify(customerDesign) };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${url}/api/quotes`, {
    method: 'POST',
    headers: { Cookie: cookie, [CSRF_HEADER]: token, Accept: 'application/json' },
    body: form,
  });
  const body = (await response.json()) as { reference?: string };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.reference ?? '';
}

describe('the desk edits a design in the studio', () => {
  const site = deskServerForThisFile();

  it('moves a layer by keyboard, changes its ink, saves, and sends the redrawn mockup as the proof', async () => {
    const reference = await sendQuoteWithDesign(site.url);
    const desk = await watchedPage(browser(), 1280);
    await desk.page.goto(`${site.url}/staff/sign-in`);
    await signInToDesk(desk.page, site.smtp, site.staff);
    await desk.page.goto(`${site.url}/staff/requests/${reference}/quote`);
    await desk.page.getByRole('button', { name: /^Send quote v1/ }).click();
    await expect.poll(() => desk.page.getByRole('status').textContent()).toBe('Quote sent to the customer.');

    const section = desk.page.getByRole('region', { name: 'Studio design' });
    expect(await section.locator('[data-design-inks]').textContent()).toBe(sentenceOf(customerDesign));
    expect(sentenceOf(customerDesign)).toBe('2 inks + underbase = 3 screens');
    await section.getByRole('link', { name: 'Open in the studio (Front)' }).click();
    await desk.page.waitForURL(/\/pricing\/studio\?/);
    expect(new URL(desk.page.url()).searchParams.get('request')).toBe(reference);
    await desk.page.getByText(`Editing the design of request ${reference}`).waitFor();

    // The team name, found by its name in the list, moved right by the arrow key and printed white.
    const layer = desk.page.getByRole('list', { name: 'Layers' }).getByRole('button', { name: /^Text 'EAGLES'/ });
    await layer.focus();
    await desk.page.keyboard.press('Enter');
    await desk.page.keyboard.press('ArrowRight');
    const said = desk.page.getByTestId('studio-said');
    await expect.poll(() => said.textContent()).toBe("Moved text 'EAGLES' 0.1 in right.");
    await desk.page.getByLabel('Ink', { exact: true }).selectOption('white');
    await expect.poll(() => said.textContent()).toBe("Ink White, text 'EAGLES'.");
    expect(await desk.page.getByTestId('studio-inks').textContent()).toBe('1 ink + underbase = 2 screens');
    expect(await axeViolations(desk.page)).toEqual([]);

    await desk.page.getByRole('button', { name: 'Save to the request' }).click();
    await desk.page.waitForURL(new RegExp(`/staff/requests/${reference}\\?done=design-saved`));
    expect(await desk.page.getByRole('status').textContent()).toBe('Design saved and the mockup redrawn from it.');
    const edited: StudioDesign = {
      ...customerDesign,
      locations: { front: [customerDesign.locations.front?.[0] as DesignLayer, { ...eagles, x: 6.1, inkId: 'white' }] },
    };
    expect(await section.locator('[data-design-inks]').textContent()).toBe(sentenceOf(edited));
    expect(await section.getByText(/^Inks: /).textContent()).toBe('Inks: White');
    expect(await desk.page.getByText('Edited the studio design (front); the design it replaced is kept').count()).toBe(
      1,
    );
    // What was stored is the edit, and the customer's own design is still there to read.
    const stored = await desk.page.request.get(`${site.url}/staff/requests/${reference}/design.json`);
    const json = (await stored.json()) as { design: StudioDesign; replaced: { design: StudioDesign }[] };
    expect(json.design).toEqual(edited);
    expect(json.replaced.map((earlier) => earlier.design)).toEqual([customerDesign]);
    expect(await axeViolations(desk.page)).toEqual([]);

    await desk.page.getByRole('button', { name: 'Use as proof' }).click();
    await expect.poll(() => desk.page.getByRole('status').textContent()).toBe('Proof sent to the customer.');
    await mailWith(site.smtp, new RegExp(`Your proof for request ${reference} is ready`));
    expect(desk.problems).toEqual([]);
    await desk.context.close();

    // The customer's page, from the link in their confirmation: the proof made from the shop's edit.
    const confirmation = await mailWith(site.smtp, new RegExp(`/requests/${reference}/`));
    const link = new RegExp(`${site.url}/requests/${reference}/[A-Za-z0-9_-]{43}`).exec(confirmation.text)?.[0];
    expect(link, confirmation.text).toBeDefined();
    const customer = await watchedPage(browser(), 390);
    await customer.page.goto(link ?? '');
    const proof = customer.page.getByRole('img', { name: /Proof v1/ });
    await proof.scrollIntoViewIfNeeded();
    await expect
      .poll(() => proof.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    expect(await customer.page.getByText(/Front: [\d.]+ × [\d.]+ in/).count()).toBeGreaterThan(0);
    expect(await axeViolations(customer.page)).toEqual([]);
    expect(customer.problems).toEqual([]);
    await customer.context.close();
  });
});
