/**
 * Made-up requests spread over five years, for measuring the desk and the customer's page with a real amount
 * of data (`npm run db -- seed --requests N`). Each is a form post the site itself accepts (the same
 * validation and payload as /api/quotes and /api/contact), then the life such a request has had by its age:
 * an old one finished or cancelled, a recent one anywhere on its way. The same N gives the same requests (a
 * fixed pseudo-random sequence), so two measurements compare.
 */
import { deflateSync } from 'node:zlib';
import { contactForm, quoteForm } from '#server/submissions/submission-forms.ts';
import type { StoredFile } from '#server/submissions/submission-store.ts';
import type { QuoteLine } from '#shared/requests/quote.ts';
import { quoteStatuses, type RequestStatus } from '#shared/requests/request-status.ts';
import type { SiteData } from '#shared/site-data.ts';
import { seedMoney } from './seed-money.ts';
import type { SeedRequest } from './seed-store.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const YEARS = 5;

const firstNames = [
  'María',
  'José',
  'Dana',
  'Zoë',
  'Łukasz',
  'Björn',
  'Renée',
  'François',
  'Ngozi',
  'Aiyana',
  'Chen',
  'Priya',
  'Sean',
  'Olga',
  'Mateo',
  'Fatima',
  'Kenji',
  'Amara',
  'Liam',
  'Noa',
  'Tomás',
  'Ingrid',
  'Ravi',
  'Hannah',
];
const lastNames = [
  'Castañeda',
  'Núñez',
  "O'Brien",
  'Müller',
  'Nguyen',
  'Smith',
  'Kowalski',
  'Okafor',
  'Haugen',
  'Dubois',
  'García',
  'Patel',
  'Johnson',
  'Ivanova',
  'Tanaka',
  'Mensah',
  'Larsen',
  'Rossi',
  'Cohen',
  'Şahin',
];
const companies = [
  'Café Nandú',
  'Eastside Rec League',
  'Brightline Dental',
  'Sangamon Valley 4-H',
  'Lincoln Park Runners',
  'Springfield Brewing Co.',
  'Capitol Rotary',
  'Jäger & Sons Roofing',
  'Prairie Paws Rescue',
  'St. Agnes PTO',
];
const colours = ['Black', 'White', 'Heather grey', 'Navy', 'Forest green', 'Maroon'];
const customerMessages = [
  'Could the logo be a little bigger on the back?',
  'We need them before the tournament, is that still fine?',
  'Can we add three more in XL?',
  'Is the grey a light or a dark heather?',
];
const staffMessages = [
  'Yes, we can do that at no extra cost.',
  'Thanks! We have updated the order.',
  'That works: we will have them ready the day before.',
];

/** A small deterministic generator (mulberry32): the same seed gives the same requests. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof generator>;

/** A PNG of one colour, made here (the seed must not need an image library): artwork and proofs. */
function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngFile(name: string, data: Buffer): StoredFile {
  return { name, mediaType: 'image/png', size: data.length, data };
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The form values of a quote request a visitor could have sent: a garment of the catalogue the service
 * decorates (caps left out, as they come in one size and are decorated on their front only) in one of its
 * colours, or the customer's own garments.
 */
function quoteValues(
  random: Random,
  who: { name: string; email: string; company?: string },
  site: SiteData,
): Record<string, string> {
  const service = random.pick(['screen-printing', 'screen-printing', 'direct-to-garment', 'embroidery'] as const);
  const offered = site.garments.garments.filter(
    (garment) => garment.services.includes(service) && garment.type !== 'hat' && garment.colors.length > 0,
  );
  const own = service !== 'direct-to-garment' && (offered.length === 0 || random.chance(0.1));
  const garment = own ? undefined : random.pick(offered);
  const values: Record<string, string> = {
    name: who.name,
    email: who.email,
    phone: `(217) 555-${String(random.int(0, 9999)).padStart(4, '0')}`,
    service,
    garment: garment?.id ?? 'own',
    garmentColor: garment ? random.pick(garment.colors).name : random.pick(colours),
    qtyS: String(random.int(0, 12)),
    qtyM: String(random.int(12, 60)),
    qtyL: String(random.int(0, 40)),
    qtyXL: String(random.int(0, 12)),
    loc1: 'front',
    delivery: random.chance(0.7) ? 'pickup' : 'delivery',
  };
  if (who.company) values.company = who.company;
  if (values.delivery === 'delivery') {
    values.address = `${random.int(100, 9999)} Main Street, Springfield, IL`;
    values.zip = random.pick(['62701', '62702', '62704', '62629', '62650']);
  }
  if (service === 'screen-printing') values.loc1Colors = String(random.int(1, 4));
  if (service === 'direct-to-garment') values.loc1Area = random.pick(['small', 'medium', 'large']);
  if (service === 'embroidery') values.loc1Width = random.pick(['3', '3.5', '4']);
  if (random.chance(0.4)) {
    values.loc2 = 'back';
    if (service === 'screen-printing') values.loc2Colors = String(random.int(1, 2));
    if (service === 'direct-to-garment') values.loc2Area = 'large';
    if (service === 'embroidery') values.loc2Width = '3';
  }
  if (random.chance(0.3)) values.comments = 'Logo attached. Same colors as last year, please.';
  return values;
}

/** The path a quote request takes, up to where one of that age usually is: every state but the cancel. */
const quotePath: readonly RequestStatus[] = quoteStatuses.filter((status) => status !== 'cancelled');

function quoteStatusFor(random: Random, ageDays: number): RequestStatus {
  if (random.chance(ageDays > 60 ? 0.15 : 0.05)) return 'cancelled';
  if (ageDays > 60) return random.chance(0.95) ? 'completed' : 'quoted';
  // Recent ones are spread along the path by age: a day-old request is new, a month-old one nearly done.
  const step = Math.min(quotePath.length - 1, Math.floor((ageDays / 45) * quotePath.length + random.next() * 2));
  return quotePath[step] as RequestStatus;
}

interface Context {
  site: SiteData;
  now: Date;
  staff: `staff:${string}`;
  artwork: StoredFile;
  proof: StoredFile;
}

type Actor = SeedRequest['events'][number]['actor'];

/** A made-up person: a name of the lists, an address made of it, and now and then a company. */
function personOf(random: Random): { name: string; email: string; company: string | undefined } {
  const first = random.pick(firstNames);
  const last = random.pick(lastNames);
  const email = `${first}.${last}${random.int(1, 999)}@example.com`
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/'/g, '')
    .toLowerCase();
  const company = random.chance(0.4) ? random.pick(companies) : undefined;
  return { name: `${first} ${last}`, email, company };
}

/**
 * A request as the form takes it at `createdAt`, before anyone has acted on it; undefined when the form
 * would refuse it.
 */
function newRequest(random: Random, createdAt: Date, context: Context): SeedRequest | undefined {
  const { name, email, company } = personOf(random);
  const kind = random.chance(0.85) ? 'quote' : 'contact';
  const form = kind === 'quote' ? quoteForm : contactForm;
  const values =
    kind === 'quote'
      ? quoteValues(random, { name, email, company }, context.site)
      : { name, email, message: 'Do you print on bags as well? We need about forty for a fair.' };
  const checked = form.validate(values, context.site);
  if (!checked.ok) return undefined;
  return {
    kind,
    createdAt,
    name,
    email,
    company,
    payload: checked.payload,
    formValues: checked.formValues,
    status: 'new',
    statusChangedAt: null,
    readAt: null,
    activityAt: createdAt,
    files: kind === 'quote' && random.chance(0.07) ? [context.artwork] : [],
    quotes: [],
    proofs: [],
    approvals: [],
    events: [],
    payments: [],
  };
}

/**
 * One request's life being written: its clock, and what an act does to it. Every step of the life goes
 * through here, so the times only rise and the unread mark follows whoever acted last.
 */
function storyOf(request: SeedRequest, random: Random, context: Context) {
  // Acts happen a few hours to a few days apart, never after now.
  let clock = request.createdAt.getTime();
  // The new status alone, for the acts whose own event records the change.
  const enter = (to: RequestStatus, at: Date) => {
    request.status = to;
    request.statusChangedAt = at;
  };
  return {
    request,
    random,
    context,
    money: seedMoney(request, random, context.staff),
    later(minHours: number, maxHours: number) {
      clock = Math.min(context.now.getTime(), clock + random.int(minHours, maxHours) * HOUR);
      return new Date(clock);
    },
    /** The desk has seen the request at `at`. */
    staffAct(at: Date) {
      request.readAt = at;
    },
    /** The customer did something: the request is unread again on the desk. */
    customerAct(at: Date) {
      request.activityAt = at;
      request.readAt = null;
    },
    /** A status change whose own event says so (a quote, a decision or a proof carries it in its event instead). */
    move(to: RequestStatus, at: Date, actor: Actor) {
      request.events.push({ at, actor, type: 'status', data: { from: request.status, to } });
      enter(to, at);
    },
    enter,
  };
}
type Story = ReturnType<typeof storyOf>;

/** The desk opens the request, unless it came in only just now and nobody has looked yet. */
function opening(story: Story, ageDays: number) {
  if (ageDays > 0.2 || story.random.chance(0.3)) {
    const at = story.later(1, 8);
    story.request.events.push({ at, actor: story.context.staff, type: 'opened', data: {} });
    story.staffAct(at);
  }
}

/** The desk's quote for what the form asked, now and then with a set-up line. */
function quoting(story: Story, to: RequestStatus) {
  const { request, random, context } = story;
  const payload = request.payload as { quantity?: number; service?: string; garment?: string };
  const at = story.later(4, 30);
  const unitCents = random.int(650, 2400);
  const lines: QuoteLine[] = [
    {
      label: `${payload.service ?? 'Printing'} on ${payload.garment ?? 'garments'}`,
      quantity: payload.quantity ?? 24,
      unitCents,
    },
    ...(random.chance(0.5) ? [{ label: 'Screens and set-up', quantity: 1, unitCents: 2500 }] : []),
  ];
  const totalCents = lines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0);
  request.quotes.push({
    lines,
    notes: 'Prices include the garments and printing.',
    validUntil: dayOf(new Date(at.getTime() + 30 * DAY)),
    depositPercent: 50,
    totalCents,
    at,
    by: context.staff,
  });
  request.events.push({ at, actor: context.staff, type: 'quote', data: { version: 1, totalCents, from: 'new', to } });
  story.enter(to, at);
  story.staffAct(at);
  if (random.chance(0.3)) questionAndAnswer(story);
}

/** A customer's question on the quote and the desk's answer. */
function questionAndAnswer(story: Story) {
  const { request, random, context } = story;
  const asked = story.later(2, 48);
  request.events.push({
    at: asked,
    actor: 'customer',
    type: 'message',
    data: { text: random.pick(customerMessages), files: [] },
  });
  story.customerAct(asked);
  const answered = story.later(1, 24);
  request.events.push({
    at: answered,
    actor: context.staff,
    type: 'message',
    data: { text: random.pick(staffMessages) },
  });
  story.staffAct(answered);
}

/**
 * The customer approves the quote (then pays the deposit, always when the order goes on into production)
 * or the proof (then the shop promises a day).
 */
function approving(story: Story, to: 'approved' | 'proof_approved', reach: number) {
  const { request, random } = story;
  const subject = to === 'approved' ? 'quote' : 'proof';
  const at = story.later(2, 72);
  const name = request.name;
  request.approvals.push({ subject, version: 1, decision: 'approved', name, comment: '', at });
  request.events.push({
    at,
    actor: 'customer',
    type: 'decision',
    data: { subject, version: 1, decision: 'approved', name, from: request.status, to },
  });
  story.enter(to, at);
  story.customerAct(at);
  if (to === 'proof_approved') {
    const promised = { date: dayOf(new Date(at.getTime() + random.int(7, 14) * DAY)), handover: 'pickup' as const };
    request.promised = promised;
    request.events.push({ at, actor: 'system', type: 'promised', data: promised });
  }
  const required = reach >= quotePath.indexOf('in_production');
  if (to === 'approved') story.money.deposit(story.later(1, 48), { required });
}

/** The desk sends the proof of the artwork. */
function proofSending(story: Story, to: RequestStatus) {
  const { request, context } = story;
  const at = story.later(4, 48);
  request.proofs.push({
    file: context.proof,
    widthInches: 10,
    heightInches: 8,
    notes: 'Actual size on a large tee.',
    at,
    by: context.staff,
  });
  request.events.push({
    at,
    actor: context.staff,
    type: 'proof',
    data: { version: 1, name: context.proof.name, from: request.status, to },
  });
  story.enter(to, at);
  story.staffAct(at);
}

/** A step of the making (in production, ready, completed): days apart; the balance is paid at collection. */
function makingStep(story: Story, to: RequestStatus) {
  const at = story.later(24, 96);
  if (to === 'completed') story.money.balance(at);
  story.move(to, at, story.context.staff);
  story.staffAct(at);
}

/** Called off by either side, days later; a card deposit is now and then refunded. */
function cancelling(story: Story) {
  const at = story.later(24, 240);
  const byCustomer = story.random.chance(0.5);
  story.move('cancelled', at, byCustomer ? 'customer' : story.context.staff);
  if (byCustomer) story.customerAct(at);
  else story.staffAct(at);
  story.money.refund(story.later(1, 72));
}

/** A quote request's way along the path, as far as one of its age goes; a cancelled one stops early on. */
function quoteLife(story: Story, ageDays: number) {
  const target = quoteStatusFor(story.random, ageDays);
  const cancelled = target === 'cancelled';
  const goal = cancelled ? quotePath[story.random.int(1, 3)] : target;
  const reach = quotePath.indexOf(goal as RequestStatus);
  for (let step = 1; step <= reach; step++) {
    const to = quotePath[step] as RequestStatus;
    if (to === 'quoted') quoting(story, to);
    else if (to === 'approved' || to === 'proof_approved') approving(story, to, reach);
    else if (to === 'proof_sent') proofSending(story, to);
    else makingStep(story, to);
  }
  if (cancelled) cancelling(story);
}

/** The request made at `createdAt`, with its life up to `now`; undefined when the form would refuse it. */
function requestAt(random: Random, createdAt: Date, context: Context): SeedRequest | undefined {
  const request = newRequest(random, createdAt, context);
  if (!request) return undefined;
  const ageDays = (context.now.getTime() - createdAt.getTime()) / DAY;
  const story = storyOf(request, random, context);
  opening(story, ageDays);
  if (request.kind === 'quote') quoteLife(story, ageDays);
  // A contact message is only answered: handled after a few days, sometimes sooner.
  else if (ageDays > 3 || random.chance(0.5)) story.move('handled', story.later(1, 24), context.staff);
  return request;
}

/**
 * `count` requests made between five years before `now` and `now`, in the order they were made, in
 * batches of `batchSize`. A request the form would refuse (rare: the prices changed) is drawn again.
 */
export function* seedBatches(options: {
  count: number;
  batchSize: number;
  site: SiteData;
  now: Date;
}): Generator<SeedRequest[]> {
  const random = generator(options.count);
  const context: Context = {
    site: options.site,
    now: options.now,
    staff: 'staff:desk@seenwear.example',
    artwork: pngFile('logo.png', solidPng(64, 64, [200, 40, 40])),
    proof: pngFile('proof-v1.png', solidPng(120, 90, [30, 60, 160])),
  };
  const start = options.now.getTime() - YEARS * 365 * DAY;
  const span = options.now.getTime() - start;
  let batch: SeedRequest[] = [];
  for (let index = 0; index < options.count; index++) {
    let request: SeedRequest | undefined;
    for (let tries = 0; request === undefined; tries++) {
      if (tries > 20) throw new Error('The quote form refuses every made-up request: do the price files still match?');
      request = requestAt(random, new Date(start + ((index + random.next()) * span) / options.count), context);
    }
    batch.push(request);
    if (batch.length === options.batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
