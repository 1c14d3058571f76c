import { type Request, type RequestHandler, type Response, Router } from 'express';
import createHttpError from 'http-errors';
import type { CustomerRequest, CustomerStore } from '#server/customer/customer-store.ts';
import { clientKey } from '#server/http/client-key.ts';
import type { Csrf } from '#server/http/csrf.ts';
import { BACK_TO_LOCAL } from '#server/http/http-errors.ts';
import type { LimitStore } from '#server/http/limit-store.ts';
import { type LinkKeys, newLinkSecret } from '#server/http/link-secrets.ts';
import { submissionRateLimit } from '#server/http/rate-limit.ts';
import type { MockupStore, StoredMockup } from '#server/mockups/mockup-store.ts';
import type { PaymentStore } from '#server/payments/payment-store.ts';
import { isPreviewable } from '#server/requests/request-details.ts';
import { sendRequestFile } from '#server/requests/request-file.ts';
import type { VersionStore } from '#server/requests/version-store.ts';
import type { DeskStore } from '#server/staff/desk-store.ts';
import { formatDateTime } from '#shared/desk-format.ts';
import { garmentTitle } from '#shared/garments/catalogue.ts';
import type { MockupView } from '#shared/garments/mockup-view.ts';
import type { GroupFormState, GroupMemberView } from '#shared/groups/group-contract.ts';
import { entrySchema, fieldErrors } from '#shared/groups/group-forms.ts';
import { piecePriceCents, shareCents } from '#shared/groups/group-share.ts';
import { groupSizes, sizeChart, sizeUpcharges } from '#shared/groups/group-sizes.ts';
import { isRecord } from '#shared/is-record.ts';
import { formatMoney } from '#shared/money.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import type { SiteConfig } from '#shared/site-data.ts';
import { closedIfDue } from './deadline-close.ts';
import { rosterEstimate } from './group-estimate.ts';
import { garmentOf as catalogueGarment, type WithCatalogue } from './group-garment.ts';
import { entryOpens, entryPath, shareOpens } from './group-links.ts';
import { refusalText } from './group-refusals.ts';
import type { GroupStore, StoredGroup, StoredGroupEntry } from './group-store.ts';
import { groupState } from './group-views.ts';
import {
  closeShareSessions,
  memberPaysByCard,
  paymentView,
  type ShareCheckout,
  startShareCheckout,
} from './member-checkout.ts';
import { MemberPreviews, memberPreviewSource, memberPreviewViews } from './member-preview.ts';

const NOT_FOUND = 'There is no group at this address. Check the link you were sent, or ask whoever sent it.';
const SHARE = '/groups/:group/:secret';
const ENTRY = '/group-entries/:entry/:secret';

/**
 * The request's mockups as the mockups feature shows them (pictures served under `base`) and sends one:
 * the app hands its own in, so the member's page never reaches into that feature's modules.
 */
interface MockupPictures {
  views: (mockups: readonly StoredMockup[], base: string) => MockupView[];
  send: (res: Response, mockups: readonly StoredMockup[], view: string) => boolean;
}

/** What the member's pages are built from. */
export interface MemberRoutesOptions {
  customer: Pick<CustomerStore, 'getCustomerRequest'>;
  desk: Pick<DeskStore, 'getRequestFile'>;
  groups: Pick<GroupStore, 'groupById' | 'entryById' | 'addEntry' | 'changeEntry' | 'removeEntry' | 'closeGroup'>;
  mockups: Pick<MockupStore, 'mockupsOf'>;
  /** How the mockups feature shows and sends a request's pictures (server/mockups/). */
  mockupPictures: MockupPictures;
  /** Proofs and the request's form values, where a studio design is kept. */
  versions: Pick<VersionStore, 'proofsOf' | 'getProofFile' | 'formValuesOf'>;
  /** The member's share by card: its Checkout Sessions, closed before the count changes. */
  payments: Pick<PaymentStore, 'checkoutSessionsOf' | 'markCheckoutSession'>;
  /** The counts behind the rate limits. */
  limits: Pick<LimitStore, 'countHit' | 'uncountHit' | 'hitsOf'>;
  keys: LinkKeys;
  csrf: Csrf;
  prices: () => PricingData & WithCatalogue;
  /** The limits each new entry is checked against: entries per group, and per visitor. */
  entryLimits: { perGroup: number; perVisitor: number };
  now: () => Date;
  renderMember: (
    view: GroupMemberView,
    options: { stylesheets: readonly string[]; shopName: string },
  ) => Promise<string>;
  stylesheets: () => readonly string[];
  shop: () => Pick<SiteConfig, 'appName' | 'contact'>;
  /** Wrong links per address per 15 minutes, and posts per address per 15 minutes. */
  rateLimit: number;
  /** Stripe Checkout when the shop takes cards: members of a group they pay for pay their share on joining. */
  checkout: ShareCheckout | null;
  publicUrl: string;
  onQueued?: () => void;
}

const notices = {
  // Nothing is mailed at joining (the address is not the member's until proven): this page is their link.
  joined: {
    type: 'success',
    text: 'You are on the list. Bookmark this page: its address is your own link to change or remove your entry until the deadline.',
  },
  changed: { type: 'success', text: 'Your entry is changed.' },
  paid: { type: 'success', text: 'Thank you: your payment is recorded, and your receipt is on its way by e-mail.' },
  paying: {
    type: 'success',
    text: 'Thank you: your payment is being confirmed. This page says so once the card payment is through, and we e-mail you a receipt.',
  },
  'payment-cancelled': {
    type: 'error',
    text: 'You did not pay, so your place is not confirmed yet. Pay your share below when you are ready.',
  },
  'payment-failed': {
    type: 'error',
    text: 'The card payment could not be started just now. Try the button below again in a minute.',
  },
  removed: {
    type: 'success',
    text: 'Your entry is removed. You can join again from the group’s link until the deadline.',
  },
} as const;

/** Positions of the files that came in messages, as each message's log line lists them. */
function messageFilePositions(request: CustomerRequest): Set<number> {
  const positions = new Set<number>();
  for (const event of request.events) {
    if (event.type !== 'message' || !Array.isArray(event.data.files)) continue;
    for (const file of event.data.files)
      if (isRecord(file) && typeof file.position === 'number') positions.add(file.position);
  }
  return positions;
}

const bodyOf = (req: Request): Record<string, string> => {
  const values: Record<string, string> = {};
  if (isRecord(req.body))
    for (const [key, value] of Object.entries(req.body)) if (typeof value === 'string') values[key] = value;
  return values;
};
const idOf = (value: unknown) => (/^\d{1,12}$/.test(String(value)) ? Number(value) : 0);

const timeZoneOf = (options: MemberRoutesOptions) => options.prices()['order-terms'].timeZone;
const noticeOf = (req: Request) => notices[String(req.query.done) as keyof typeof notices];
const sharePathOf = (req: Request) => `/groups/${req.params.group}/${req.params.secret}`;

/** The organiser's first name only: whom to ask, without their address. */
const organiserName = (request: CustomerRequest | undefined) => request?.name.trim().split(/\s+/)[0] || 'the organiser';

/** The group behind a share link, closed first when its deadline has passed; 404 for a wrong link. */
async function sharedGroup(options: MemberRoutesOptions, req: Request, res: Response) {
  const id = idOf(req.params.group);
  const group = id ? await options.groups.groupById(id) : undefined;
  if (!shareOpens(options.keys, group, id, String(req.params.secret)) || !group) throw createHttpError(404, NOT_FOUND);
  res.locals[BACK_TO_LOCAL] = `/groups/${req.params.group}/${req.params.secret}`;
  return closedIfDue(options.groups, group, options.now(), rosterEstimate(options.prices()));
}

/** The member's own entry with its group, behind their private link; 404 for a wrong link or a removed entry. */
async function ownEntry(options: MemberRoutesOptions, req: Request, res: Response) {
  const id = idOf(req.params.entry);
  const found = id ? await options.groups.entryById(id) : undefined;
  if (!entryOpens(options.keys, found?.entry, id, String(req.params.secret)) || !found || found.entry.removedAt)
    throw createHttpError(
      404,
      'There is no entry at this address: it may have been removed. Join again from the group’s link.',
    );
  res.locals[BACK_TO_LOCAL] = `/group-entries/${req.params.entry}/${req.params.secret}`;
  return {
    entry: found.entry,
    group: await closedIfDue(options.groups, found.group, options.now(), rosterEstimate(options.prices())),
  };
}

/** The size upcharges of the group's garment: what each size adds to the price per person. */
async function upchargesOf(options: MemberRoutesOptions, group: StoredGroup) {
  const request = await options.customer.getCustomerRequest(group.reference);
  return sizeUpcharges(request ? catalogueGarment(options.prices(), request.payload) : undefined);
}

/** What one rendering of the member's page shows besides the group itself. */
interface MemberPage {
  action: string;
  /**
   * The page's own path: its pictures are served under it, so an entry's page never carries the
   * share link's secret (a replaced share link must not reach members through their old pages).
   */
  picturesBase: string;
  entry?: StoredGroupEntry;
  payment?: GroupMemberView['payment'];
  status?: number;
  notice?: GroupMemberView['notice'];
  form?: GroupFormState;
}

/** Renders the member's page: the share link's form, or a member's own entry to change or remove. */
async function sendMember(
  options: MemberRoutesOptions,
  req: Request,
  res: Response,
  group: StoredGroup,
  page: MemberPage,
) {
  const request = await options.customer.getCustomerRequest(group.reference);
  const payload = request?.payload ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const garment = catalogueGarment(options.prices(), payload);
  const upcharges = sizeUpcharges(garment);
  const state = groupState(group, options.now());
  // With upcharges the sizes show their own prices, so the line points there instead of one figure.
  const upcharged = Object.values(upcharges).some((cents) => cents > 0);
  const priceText = (cents: number, how: string) =>
    upcharged
      ? `Each person pays the price beside their size ${how}: ${formatMoney(cents)}, more for the larger sizes.`
      : `Each person pays ${formatMoney(cents)} ${how}.`;
  const who = organiserName(request);
  const closed =
    state === 'open' && group.shareSalt !== null
      ? undefined
      : state === 'closed'
        ? refusalText('closed', 'member', who)
        : state === 'cancelled'
          ? refusalText('cancelled', 'member', who)
          : state === 'past-deadline'
            ? refusalText('past-deadline', 'member', who)
            : `This link is turned off. Ask ${who} for the new one.`;
  const base = page.picturesBase;
  // The picture only: the print sizes and resolution notes are for the shop and the organiser.
  const mockups = options.mockupPictures.views(await options.mockups.mockupsOf(group.reference), base).map((view) => ({
    ...view,
    prints: [],
  }));
  const preview = page.entry ? await previewOf(options, group, page.entry) : undefined;
  const hasPicture = mockups.length === 0 && !preview ? await artworkFile(options, group) : undefined;
  const shop = options.shop();
  const view: GroupMemberView = {
    action: page.action,
    title: group.title,
    note: group.note,
    garment: garment
      ? garmentTitle(garment)
      : [text(payload.garmentStyle), text(payload.garment)].filter(Boolean).join(' ') || 'Garment to be confirmed',
    colour: text(payload.garmentColor),
    ...(preview ? { preview: memberPreviewViews(preview, page.entry ?? noText, base) } : {}),
    ...(mockups.length > 0 && !preview ? { mockups } : {}),
    ...(hasPicture ? { artwork: { src: `${base}/artwork`, alt: `The design for ${group.title}` } } : {}),
    deadline: formatDateTime(group.deadline.toISOString(), timeZoneOf(options)),
    sizes: groupSizes(garment).map((size) => ({
      size,
      upcharge: upcharges[size] ? `+${formatMoney(upcharges[size])}` : '',
      // What this size costs each when members pay: the same sum their Checkout asks.
      ...(group.payer === 'members' && group.priceCents !== null
        ? { price: formatMoney(piecePriceCents(group.priceCents, upcharges, size)) }
        : {}),
    })),
    sizeChart: sizeChart(garment),
    asksNames: group.asksNames,
    asksNumbers: group.asksNumbers,
    ...(group.payer === 'members' && group.priceCents !== null
      ? {
          price: priceText(
            group.priceCents,
            memberPaysByCard(options.checkout, group) ? 'by card when joining' : `to ${who}`,
          ),
        }
      : {}),
    ...(page.payment ? { payment: page.payment } : {}),
    ...(closed ? { closed } : {}),
    contact: { name: who, email: shop.contact.email },
    ...(page.entry ? { entry: { removePath: `${page.action}/remove`, paid: page.entry.payment === 'paid' } } : {}),
    ...(page.notice ? { notice: page.notice } : {}),
    form: page.form ?? {
      values: page.entry
        ? {
            name: page.entry.name,
            email: page.entry.email,
            size: page.entry.size,
            quantity: String(page.entry.quantity),
            backName: page.entry.backName,
            backNumber: page.entry.backNumber,
          }
        : {},
      errors: {},
    },
    csrfToken: options.csrf.issueToken(req, res),
  };
  const html = await options.renderMember(view, { stylesheets: options.stylesheets(), shopName: shop.appName });
  res
    .status(page.status ?? 200)
    .type('html')
    .send(html);
}

const noText = { backName: '', backNumber: '' };

/** The member's own design and garment, when the request's studio design has text each member fills in. */
async function previewOf(options: MemberRoutesOptions, group: StoredGroup, entry: StoredGroupEntry) {
  return memberPreviewSource(
    await options.versions.formValuesOf(group.reference),
    options.prices().garments.garments,
    entry,
  );
}

/**
 * The picture members see: the newest proof, else the first artwork file a browser shows among the
 * files sent with the quote request. Files sent later in messages share the request's file list, but
 * they are private letters to the shop (a purchase order, an invoice), so none is ever shown here.
 */
async function artworkFile(options: MemberRoutesOptions, group: StoredGroup) {
  const proofs = await options.versions.proofsOf(group.reference);
  const proof = proofs.at(-1);
  if (proof && isPreviewable(proof.mediaType, 'proof')) return { kind: 'proof' as const, version: proof.version };
  const request = await options.customer.getCustomerRequest(group.reference);
  if (!request) return undefined;
  const fromMessages = messageFilePositions(request);
  const file = request.files.find((item) => !fromMessages.has(item.position) && isPreviewable(item.mediaType));
  return file ? { kind: 'artwork' as const, position: file.position } : undefined;
}

async function sendPicture(options: MemberRoutesOptions, res: Response, group: StoredGroup) {
  const picture = await artworkFile(options, group);
  if (!picture) throw createHttpError(404, 'This group has no picture yet.');
  const file =
    picture.kind === 'proof'
      ? await options.versions.getProofFile(group.reference, picture.version)
      : await options.desk.getRequestFile(group.reference, picture.position);
  sendRequestFile(res, file, true, picture.kind);
}

async function sendGroupMockup(options: MemberRoutesOptions, res: Response, group: StoredGroup, view: string) {
  if (!options.mockupPictures.send(res, await options.mockups.mockupsOf(group.reference), view))
    throw createHttpError(404, 'There is no such picture.');
}

/** Stripe's page for the member's share, or back to their page saying it could not start. */
async function checkoutOf(
  options: MemberRoutesOptions,
  req: Request,
  group: StoredGroup,
  entry: StoredGroupEntry,
): Promise<string> {
  const path = entryPath(options.keys, entry);
  if (!options.checkout) return path;
  try {
    return await startShareCheckout(options.checkout, {
      group,
      entry,
      upcharges: await upchargesOf(options, group),
      publicUrl: options.publicUrl,
      path,
    });
  } catch (error) {
    // The entry stays, waiting: the member pays from their page once Stripe answers again.
    req.log.error({ err: error, group: group.id, entry: entry.id }, 'group share checkout could not start');
    return `${path}?done=payment-failed`;
  }
}

/** The share link's page: the group and the form to join it. */
function showShare(options: MemberRoutesOptions): RequestHandler {
  return async (req, res) => {
    const group = await sharedGroup(options, req, res);
    const notice = noticeOf(req);
    await sendMember(options, req, res, group, {
      action: `${sharePathOf(req)}/join`,
      picturesBase: sharePathOf(req),
      ...(notice ? { notice } : {}),
    });
  };
}

/** The group's picture under the share link. */
function shareArtwork(options: MemberRoutesOptions): RequestHandler {
  return async (req, res) => {
    await sendPicture(options, res, await sharedGroup(options, req, res));
  };
}

/** One of the group's mockups under the share link. */
function shareMockup(options: MemberRoutesOptions): RequestHandler {
  return async (req, res) => {
    await sendGroupMockup(options, res, await sharedGroup(options, req, res), String(req.params.view));
  };
}

/** The group's picture under the member's own link, which outlives a replaced or turned-off share link. */
function entryArtwork(options: MemberRoutesOptions): RequestHandler {
  return async (req, res) => {
    await sendPicture(options, res, (await ownEntry(options, req, res)).group);
  };
}

/** One of the group's mockups under the member's own link. */
function entryMockup(options: MemberRoutesOptions): RequestHandler {
  return async (req, res) => {
    await sendGroupMockup(options, res, (await ownEntry(options, req, res)).group, String(req.params.view));
  };
}

/** The member's own shirt under their private link: drawn once per entry and what it shows, then kept. */
function entryPreview(options: MemberRoutesOptions, previews: MemberPreviews): RequestHandler {
  return async (req, res) => {
    const { entry, group } = await ownEntry(options, req, res);
    const view = String(req.params.view);
    const source = await previewOf(options, group, entry);
    const picture =
      source && (view === 'front' || view === 'back') ? await previews.picture(entry.id, source, view) : undefined;
    if (!picture) throw createHttpError(404, 'There is no such picture.');
    res.type('image/jpeg').send(picture);
  };
}

/** A member joins at the share link: their entry, then their own page or Stripe's when they pay by card. */
function joinGroup(options: MemberRoutesOptions): RequestHandler {
  return async (req, res) => {
    const group = await sharedGroup(options, req, res);
    const action = `${sharePathOf(req)}/join`;
    const picturesBase = sharePathOf(req);
    const request = await options.customer.getCustomerRequest(group.reference);
    const values = bodyOf(req);
    const parsed = entrySchema({
      sizes: groupSizes(request ? catalogueGarment(options.prices(), request.payload) : undefined),
      asksNames: group.asksNames,
      asksNumbers: group.asksNumbers,
    }).safeParse(values);
    if (!parsed.success) {
      return sendMember(options, req, res, group, {
        action,
        picturesBase,
        status: 422,
        notice: { type: 'error', text: 'You are not on the list yet: see the fields marked below.' },
        form: { values, errors: fieldErrors(parsed.error) },
      });
    }
    const outcome = await options.groups.addEntry(group.id, {
      input: parsed.data,
      editSalt: newLinkSecret(),
      addedBy: 'member',
      visitor: clientKey(req),
      limits: options.entryLimits,
      payment: memberPaysByCard(options.checkout, group) ? 'pending' : 'none',
    });
    if (!outcome.ok) {
      req.log.info({ group: group.id, reason: `group_${outcome.reason}` }, 'group entry refused');
      return sendMember(options, req, res, group, {
        action,
        picturesBase,
        status: outcome.reason === 'duplicate' ? 409 : 422,
        notice: { type: 'error', text: refusalText(outcome.reason, 'member', organiserName(request)) },
        form: { values, errors: {} },
      });
    }
    req.log.info({ group: group.id, entry: outcome.entry.id, reason: 'group_joined' }, 'group entry added');
    options.onQueued?.();
    if (outcome.entry.payment === 'pending')
      return res.redirect(303, await checkoutOf(options, req, group, outcome.entry));
    res.redirect(303, `${entryPath(options.keys, outcome.entry)}?done=joined`);
  };
}

/** The member's own page: their entry to change or remove, and their share to pay when it waits. */
function showEntry(options: MemberRoutesOptions): RequestHandler {
  return async (req, res) => {
    const { entry, group } = await ownEntry(options, req, res);
    // Back from paying once the payment is in: "being confirmed" beside "Paid" would contradict itself.
    const notice = req.query.done === 'paying' && entry.payment === 'paid' ? notices.paid : noticeOf(req);
    const path = entryPath(options.keys, entry);
    await sendMember(options, req, res, group, {
      action: path,
      picturesBase: path,
      entry,
      ...paymentView(group, entry, {
        path,
        upcharges: await upchargesOf(options, group),
        backFromPaying: req.query.done === 'paying',
        looked: Math.max(0, Math.min(1000, Number.parseInt(String(req.query.looked ?? '0'), 10) || 0)),
      }),
      ...(notice ? { notice } : {}),
    });
  };
}

/** The member pays their waiting share: Stripe's page, or back to their page when nothing waits. */
function payShare(options: MemberRoutesOptions): RequestHandler {
  return async (req, res) => {
    const { entry, group } = await ownEntry(options, req, res);
    if (entry.payment !== 'pending' || !memberPaysByCard(options.checkout, group))
      return res.redirect(303, entryPath(options.keys, entry));
    res.redirect(303, await checkoutOf(options, req, group, entry));
  };
}

/** The member changes their entry. */
function changeEntry(options: MemberRoutesOptions): RequestHandler {
  return async (req, res) => {
    const { entry, group } = await ownEntry(options, req, res);
    const path = entryPath(options.keys, entry);
    const request = await options.customer.getCustomerRequest(group.reference);
    const values = bodyOf(req);
    const garment = request ? catalogueGarment(options.prices(), request.payload) : undefined;
    const upcharges = sizeUpcharges(garment);
    const parsed = entrySchema({
      sizes: groupSizes(garment),
      asksNames: group.asksNames,
      asksNumbers: group.asksNumbers,
    }).safeParse(values);
    // A new count or size while a Checkout page for the old one is open: that page asks the old share,
    // so it is closed with Stripe first, or nothing changes (the group store refuses it too while one is open).
    const sessions =
      parsed.success &&
      entry.payment === 'pending' &&
      (parsed.data.quantity !== entry.quantity || parsed.data.size !== entry.size)
        ? await closeShareSessions({ checkout: options.checkout, payments: options.payments }, group, entry)
        : 'closed';
    // Paid for one size's price: a size that costs more or less would leave the share wrong, so the
    // member keeps the price they paid for and the organiser or the shop changes it.
    const paidPriceChanges =
      parsed.success &&
      entry.payment === 'paid' &&
      parsed.data.quantity === entry.quantity &&
      shareCents(group.priceCents, upcharges, parsed.data) !== shareCents(group.priceCents, upcharges, entry);
    if (sessions === 'unreachable') {
      req.log.warn({ group: group.id, entry: entry.id }, 'group share checkout could not be closed for a new count');
      return sendMember(options, req, res, group, {
        action: path,
        picturesBase: path,
        entry,
        ...paymentView(group, entry, { path, upcharges, backFromPaying: false }),
        status: 503,
        notice: {
          type: 'error',
          text: 'Nothing was changed: we could not reach the card processor to close your open payment page. Try again in a minute.',
        },
        form: { values, errors: {} },
      });
    }
    const outcome =
      sessions === 'paying'
        ? ({ ok: false, reason: 'payment-open' } as const)
        : paidPriceChanges
          ? ({ ok: false, reason: 'paid-price' } as const)
          : parsed.success
            ? await options.groups.changeEntry(entry.id, parsed.data, 'member')
            : undefined;
    if (!outcome?.ok) {
      return sendMember(options, req, res, group, {
        action: path,
        picturesBase: path,
        entry,
        ...paymentView(group, entry, { path, upcharges, backFromPaying: false }),
        status: outcome?.reason === 'duplicate' || outcome?.reason === 'payment-open' ? 409 : 422,
        notice: {
          type: 'error',
          text: outcome
            ? refusalText(outcome.reason, 'member', organiserName(request))
            : 'Nothing was changed: see the fields marked below.',
        },
        form: { values, errors: parsed.success ? {} : fieldErrors(parsed.error) },
      });
    }
    res.redirect(303, `${path}?done=changed`);
  };
}

/** The member takes their entry off, back to the share link (or home when the link is turned off). */
function removeEntry(options: MemberRoutesOptions): RequestHandler {
  return async (req, res) => {
    const { entry, group } = await ownEntry(options, req, res);
    const outcome = await options.groups.removeEntry(entry.id, 'member');
    if (!outcome.ok) {
      const request = await options.customer.getCustomerRequest(group.reference);
      throw createHttpError(409, refusalText(outcome.reason, 'member', organiserName(request)));
    }
    const share = group.shareSalt ? `/groups/${group.id}/${options.keys.groupShare(group.id, group.shareSalt)}` : '/';
    res.redirect(303, `${share}?done=removed`);
  };
}

/**
 * A group's members: the share link's page (no account, phone first, a plain form that works without script),
 * and each member's private page to change or remove their entry until the deadline. Nothing here shows the
 * organiser's address, quote or messages. Wrong links count against the visitor's rate limit; every answer is
 * no-store, noindex and sends no Referer.
 */
export function memberRoutes(options: MemberRoutesOptions): Router {
  const router = Router();
  const previews = new MemberPreviews();
  for (const base of ['/groups', '/group-entries']) {
    router.use(base, (_req, res, next) => {
      res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' });
      next();
    });
    router.use(
      base,
      submissionRateLimit(options.rateLimit, options.limits, 'group-page', {
        failuresOnly: true,
        message: 'Too many tries at this address in a short while. Wait a few minutes and try again.',
      }),
    );
  }
  const postLimit = submissionRateLimit(options.rateLimit, options.limits, 'group-post');

  router.get(SHARE, showShare(options));
  router.get(`${SHARE}/artwork`, shareArtwork(options));
  router.get(`${SHARE}/mockups/:view`, shareMockup(options));
  router.get(`${ENTRY}/artwork`, entryArtwork(options));
  router.get(`${ENTRY}/mockups/:view`, entryMockup(options));
  router.get(`${ENTRY}/preview/:view`, entryPreview(options, previews));
  router.post(`${SHARE}/join`, postLimit, joinGroup(options));
  router.get(ENTRY, showEntry(options));
  router.post(`${ENTRY}/pay`, postLimit, payShare(options));
  router.post(ENTRY, postLimit, changeEntry(options));
  router.post(`${ENTRY}/remove`, postLimit, removeEntry(options));
  return router;
}
