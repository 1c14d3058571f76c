/**
 * The quote request Lighthouse measures on the customer's page and the desk: one in the state most of a
 * customer's visits see, not a bare one. Sent through the quote form's endpoint with a catalogue garment
 * and the artwork's width (so the server draws a mockup), then, as staff through the desk's own routes,
 * quoted, proofed from the mockup and written to: the page then carries the quote and the proof to
 * approve, the mockup, the artwork and a message, as a real customer's would.
 */
import sharp from 'sharp';
import { CSRF_FIELD, CSRF_HEADER } from '#shared/csrf-contract.ts';
import { liveVisitorSession, quoteFormData } from '#tests/support/quote-post.ts';

/** A customer's logo as it is usually sent: a large PNG of a few flat shapes and letters. */
function logoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1000" viewBox="0 0 2000 1000">
    <rect width="2000" height="1000" fill="#ffffff"/>
    <circle cx="500" cy="500" r="420" fill="#0b3d91"/>
    <circle cx="500" cy="500" r="300" fill="#f2b705"/>
    <path d="M1000 250 L1900 250 L1900 450 L1000 450 Z" fill="#0b3d91"/>
    <path d="M1000 550 L1700 550 L1700 750 L1000 750 Z" fill="#c8102e"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Answers a desk post's redirect, or throws with what the desk said instead. */
async function expectRedirect(answer: Response, what: string, done: string): Promise<void> {
  await answer.arrayBuffer();
  const location = answer.headers.get('location') ?? '';
  if (answer.status !== 303 || new URL(location, 'http://desk').searchParams.get('done') !== done) {
    throw new Error(`${what}: the desk answered ${answer.status} ${location}`);
  }
}

/**
 * Sends a quote request with a mockup and takes it through the desk to "proof sent"; answers the customer
 * page's path. `staffCookie` is a signed-in staff session's cookie.
 */
export async function requestWithQuoteAndProof(baseUrl: string, staffCookie: string): Promise<string> {
  const session = await liveVisitorSession(baseUrl);
  const form = quoteFormData({
    name: 'Dana Whitfield',
    email: 'dana@example.com',
    comments: 'Team shirts for the spring league: the club crest on the front, in navy and gold.',
    file: await logoPng(),
    fileName: 'club-crest.png',
  });
  // The artwork's width on the front: the server draws the mockup from it.
  form.set('loc1ArtWidth', '10');
  const sent = await fetch(`${baseUrl}/api/quotes`, {
    method: 'POST',
    headers: { Cookie: session.cookie, [CSRF_HEADER]: session.token, Accept: 'application/json' },
    body: form,
  });
  const { link } = (await sent.json()) as { link?: string };
  if (sent.status !== 201 || !link) throw new Error(`The quote form answered ${sent.status}, with no page link`);
  const reference = link.split('/')[2] ?? '';

  const desk = async (path: string, fields: Record<string, string>) =>
    fetch(`${baseUrl}/staff/requests/${reference}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: `${session.cookie}; ${staffCookie}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ [CSRF_FIELD]: session.token, ...fields }),
    });
  const validUntil = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await expectRedirect(
    await desk('/quote', {
      from: 'new',
      source: 'none',
      'label.0': 'Gildan 5000 tees, White, front print in 2 colors',
      'quantity.0': '24',
      'unit.0': '11.50',
      'label.1': 'Screen setup, 2 colors',
      'quantity.1': '2',
      'unit.1': '25.00',
      validUntil,
      depositPercent: '50',
      notes: 'Navy and gold inks, matched to your crest.',
      intent: 'send',
    }),
    'Sending the quote',
    'quoted',
  );
  await expectRedirect(await desk('/mockups/proof', { from: 'quoted', notes: '' }), 'Sending the proof', 'proof-sent');
  await expectRedirect(
    await desk('/messages', { text: 'Your proof is ready: the crest is 10 inches wide, centred on the chest.' }),
    'Writing to the customer',
    'sent',
  );
  return link;
}
