import type { Request, RequestHandler, Response, Router } from 'express';
import createHttpError from 'http-errors';
import type { CustomerRequest, CustomerStore } from '#server/customer/customer-store.ts';
import { type LinkKeys, newLinkSecret } from '#server/http/link-secrets.ts';
import type { VersionStore } from '#server/requests/version-store.ts';
import type { CustomerPageView } from '#shared/customer-page-contract.ts';
import type { CustomerPageGroup, GroupFormState } from '#shared/groups/group-contract.ts';
import { deadlineField, entrySchema, fieldErrors, startGroupSchema } from '#shared/groups/group-forms.ts';
import { groupSizes } from '#shared/groups/group-sizes.ts';
import { wallClockIn } from '#shared/groups/zoned-time.ts';
import { isRecord } from '#shared/is-record.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import { closedIfDue } from './deadline-close.ts';
import { rosterEstimate } from './group-estimate.ts';
import { garmentOf as catalogueGarment, type WithCatalogue } from './group-garment.ts';
import { refusalText } from './group-refusals.ts';
import type { GroupStore } from './group-store.ts';
import { organiserView, rosterCsv } from './group-views.ts';

/** Statuses a group may be started in: before the quote is approved, while sizes can still change. */
const STARTABLE = new Set(['new', 'quoted']);
const DAY = 86_400_000;

const groupNotices = {
  'group-started': { type: 'success', text: 'Your group is open. Copy the link below and send it to your group.' },
  'group-exists': { type: 'error', text: 'This request has a group already: it is below.' },
  'group-closed': {
    type: 'success',
    text: 'The group is closed. Its sizes, names and numbers are now your request’s, and its estimate is priced for them: the shop quotes from them.',
  },
  'group-not-open': { type: 'error', text: 'The group is closed already: nothing was changed.' },
  'group-deadline': { type: 'success', text: 'The deadline is moved.' },
  'group-revoked': { type: 'success', text: 'The share link is turned off: nobody can join with it now.' },
  'group-replaced': { type: 'success', text: 'A new share link is made: the old one no longer works.' },
  'group-removed': { type: 'success', text: 'The entry is removed.' },
  'group-added': { type: 'success', text: 'The entry is added to the roster.' },
} as const;

/** What the organiser's part of the request page is built from. */
export interface OrganiserGroupsOptions {
  customer: Pick<CustomerStore, 'getCustomerRequest'>;
  groups: GroupStore;
  versions: Pick<VersionStore, 'formValuesOf'>;
  keys: LinkKeys;
  publicUrl: string;
  prices: () => PricingData & WithCatalogue;
  /** The limits each new entry is checked against: entries per group, and per visitor. */
  entryLimits: { perGroup: number; perVisitor: number };
  now: () => Date;
  onQueued?: () => void;
}

/** What the customer's page routes give this part: the link check, the post limit and the page itself. */
export interface PageHooks {
  opened: RequestHandler;
  postLimit: RequestHandler;
  sendPage: (
    req: Request,
    res: Response,
    extra: { status?: number; notice?: CustomerPageView['notice']; groupForm?: GroupFormState },
  ) => Promise<void>;
  pageOf: (req: Request) => { reference: string; path: string };
}

const bodyOf = (req: Request): Record<string, string> => {
  const values: Record<string, string> = {};
  if (isRecord(req.body))
    for (const [key, value] of Object.entries(req.body)) if (typeof value === 'string') values[key] = value;
  return values;
};

const timeZoneOf = (options: OrganiserGroupsOptions) => options.prices()['order-terms'].timeZone;
const garmentOf = (options: OrganiserGroupsOptions, request: CustomerRequest) =>
  catalogueGarment(options.prices(), request.payload);

/** The request page's group section, or undefined where a group cannot be started and there is none. */
async function section(
  options: OrganiserGroupsOptions,
  request: CustomerRequest,
  path: string,
  form?: GroupFormState,
): Promise<CustomerPageGroup | undefined> {
  const now = options.now();
  const found = await options.groups.groupOf(request.reference);
  const group = found && (await closedIfDue(options.groups, found, now, rosterEstimate(options.prices())));
  if (!group) {
    if (!STARTABLE.has(request.status)) return undefined;
    const inAWeek = wallClockIn(new Date(now.getTime() + 7 * DAY), timeZoneOf(options)).slice(0, 10);
    return {
      start: {
        action: `${path}/group`,
        sizes: [...groupSizes(garmentOf(options, request))],
        suggestedDeadline: `${inAWeek}T18:00`,
        ...(form ? { form } : {}),
      },
    };
  }
  const [entries, formValues] = await Promise.all([
    options.groups.entriesOf(group.id),
    options.versions.formValuesOf(request.reference),
  ]);
  // This visit's marks are against the previous one; the next visit's against this.
  if (group.state === 'open') await options.groups.markOrganiserSeen(group.id);
  return {
    group: organiserView(group, entries, {
      path,
      keys: options.keys,
      publicUrl: options.publicUrl,
      timeZone: timeZoneOf(options),
      prices: options.prices(),
      formValues,
      garment: garmentOf(options, request),
      now,
      ...(form ? { form } : {}),
    }),
  };
}

/** The request's group, or 404 when it has none. */
async function groupOrGone(options: OrganiserGroupsOptions, page: PageHooks, req: Request) {
  const group = await options.groups.groupOf(page.pageOf(req).reference);
  if (!group) throw createHttpError(404, 'This request has no group order.');
  return group;
}

/** The page again with the organiser's form refused: a 422 saying why, with what they typed. */
const refused = (page: PageHooks, req: Request, res: Response, text: string, form?: GroupFormState) =>
  page.sendPage(req, res, { status: 422, notice: { type: 'error', text }, ...(form ? { groupForm: form } : {}) });

/** Starts the request's group with the organiser's settings, while the quote is not approved yet. */
function startGroup(options: OrganiserGroupsOptions, page: PageHooks): RequestHandler {
  return async (req, res) => {
    const { reference, path } = page.pageOf(req);
    const values = bodyOf(req);
    const parsed = startGroupSchema(timeZoneOf(options), options.now()).safeParse(values);
    if (!parsed.success)
      return refused(page, req, res, 'The group is not started yet: see the fields marked below.', {
        values,
        errors: fieldErrors(parsed.error),
      });
    const request = await options.customer.getCustomerRequest(reference);
    if (!request || !STARTABLE.has(request.status))
      return refused(page, req, res, 'A group can be started until the quote is approved. Call or write to us.');
    const { price, ...settings } = parsed.data;
    const started = await options.groups.startGroup(
      reference,
      { ...settings, priceCents: settings.payer === 'members' ? price : null },
      newLinkSecret(),
    );
    if (started === 'exists') return res.redirect(303, `${path}?done=group-exists#group`);
    if (!started) throw createHttpError(404, 'There is no page at this address.');
    req.log.info({ reference, group: started.id, reason: 'group_started' }, 'group order started');
    options.onQueued?.();
    res.redirect(303, `${path}?done=group-started#group`);
  };
}

/** Moves the open group's deadline. */
function moveDeadline(options: OrganiserGroupsOptions, page: PageHooks): RequestHandler {
  return async (req, res) => {
    const { path } = page.pageOf(req);
    const group = await groupOrGone(options, page, req);
    const parsed = deadlineField(timeZoneOf(options), options.now()).safeParse(bodyOf(req).deadline);
    if (!parsed.success) return refused(page, req, res, parsed.error.issues[0]?.message ?? 'Choose a later deadline.');
    const moved = await options.groups.extendDeadline(group.id, parsed.data, 'customer');
    res.redirect(303, `${path}?done=${moved ? 'group-deadline' : 'group-not-open'}#group`);
  };
}

/** Closes the group: its roster becomes the request's sizes, names and numbers. */
function closeGroup(options: OrganiserGroupsOptions, page: PageHooks): RequestHandler {
  return async (req, res) => {
    const { reference, path } = page.pageOf(req);
    const group = await groupOrGone(options, page, req);
    // Closing is final (the roster becomes the order and nobody can join again), so it takes the
    // organiser's tick, which a form posted without script must carry as well.
    if (bodyOf(req).confirm !== 'on')
      return refused(
        page,
        req,
        res,
        'The group is still open: tick “Everyone is in: close the group” to close it. Nobody can join after that.',
      );
    const closed = await options.groups.closeGroup(group.id, 'customer', rosterEstimate(options.prices()));
    if (closed)
      req.log.info({ reference, group: group.id, quantity: closed.quantity, reason: 'group_closed' }, 'group closed');
    res.redirect(303, `${path}?done=${closed ? 'group-closed' : 'group-not-open'}#group`);
  };
}

/** Turns the share link off, or makes a new one in place of the old. */
function replaceLink(options: OrganiserGroupsOptions, page: PageHooks): RequestHandler {
  return async (req, res) => {
    const { path } = page.pageOf(req);
    const group = await groupOrGone(options, page, req);
    const revoke = bodyOf(req).action === 'revoke';
    await options.groups.replaceShareSalt(group.id, revoke ? null : newLinkSecret(), 'customer');
    res.redirect(303, `${path}?done=${revoke ? 'group-revoked' : 'group-replaced'}#group`);
  };
}

/** Adds someone to the roster by hand. */
function addEntry(options: OrganiserGroupsOptions, page: PageHooks): RequestHandler {
  return async (req, res) => {
    const { reference, path } = page.pageOf(req);
    const group = await groupOrGone(options, page, req);
    const request = await options.customer.getCustomerRequest(reference);
    const values = bodyOf(req);
    // Someone without a phone or an address (a player's grandparent, a late sign-up at practice): no
    // e-mail asked, nothing mailed, no card payment; they count in the order straight away.
    const parsed = entrySchema({
      sizes: groupSizes(request ? garmentOf(options, request) : undefined),
      asksNames: group.asksNames,
      asksNumbers: group.asksNumbers,
      asksEmail: false,
    }).safeParse(values);
    if (!parsed.success)
      return refused(page, req, res, 'The entry is not added: see the fields marked below.', {
        values,
        errors: fieldErrors(parsed.error),
      });
    const outcome = await options.groups.addEntry(group.id, {
      input: parsed.data,
      editSalt: newLinkSecret(),
      addedBy: 'customer',
      visitor: '',
      limits: options.entryLimits,
      payment: 'none',
    });
    if (!outcome.ok) return refused(page, req, res, refusalText(outcome.reason, 'organiser'), { values, errors: {} });
    res.redirect(303, `${path}?done=group-added#group`);
  };
}

/** Takes an entry off the roster. */
function removeEntry(options: OrganiserGroupsOptions, page: PageHooks): RequestHandler {
  return async (req, res) => {
    const { path } = page.pageOf(req);
    const group = await groupOrGone(options, page, req);
    const id = /^\d{1,12}$/.test(String(req.params.entry)) ? Number(req.params.entry) : 0;
    const found = await options.groups.entryById(id);
    if (found?.group.id !== group.id) throw createHttpError(404, 'There is no such entry in this group.');
    const outcome = await options.groups.removeEntry(id, 'customer');
    if (!outcome.ok) return refused(page, req, res, refusalText(outcome.reason, 'organiser'));
    res.redirect(303, `${path}?done=group-removed#group`);
  };
}

/** The roster as a spreadsheet file. */
function downloadRoster(options: OrganiserGroupsOptions, page: PageHooks): RequestHandler {
  return async (req, res) => {
    const { reference } = page.pageOf(req);
    const group = await groupOrGone(options, page, req);
    const request = await options.customer.getCustomerRequest(reference);
    const csv = rosterCsv(
      await options.groups.entriesOf(group.id),
      'joined',
      groupSizes(request ? garmentOf(options, request) : undefined),
    );
    res.type('text/csv; charset=utf-8').attachment(`${reference}-roster.csv`).send(csv);
  };
}

/** Mounts the organiser's forms under the customer's page at `base`, each behind the page's link check. */
function mount(options: OrganiserGroupsOptions, router: Router, page: PageHooks, base: string) {
  const { opened, postLimit } = page;
  router.post(`${base}/group`, postLimit, opened, startGroup(options, page));
  router.post(`${base}/group/deadline`, postLimit, opened, moveDeadline(options, page));
  router.post(`${base}/group/close`, postLimit, opened, closeGroup(options, page));
  router.post(`${base}/group/link`, postLimit, opened, replaceLink(options, page));
  router.post(`${base}/group/entries`, postLimit, opened, addEntry(options, page));
  router.post(`${base}/group/entries/:entry/remove`, postLimit, opened, removeEntry(options, page));
  router.get(`${base}/group/roster.csv`, opened, downloadRoster(options, page));
}

/**
 * The organiser's side of a group order, on their private page: start the group, the roster with its totals
 * and the next price break, and the changes (remove, add by hand, deadline, close, revoke or replace the
 * link), each a plain form posted under the page's own address.
 */
export function organiserGroups(options: OrganiserGroupsOptions) {
  return {
    section: (request: CustomerRequest, path: string, form?: GroupFormState) => section(options, request, path, form),
    mount: (router: Router, page: PageHooks, base: string) => mount(options, router, page, base),
    notices: groupNotices,
  };
}
