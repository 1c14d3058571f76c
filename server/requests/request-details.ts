import type { Submission } from '#server/submissions/submission-store.ts';
import { isRecord } from '#shared/is-record.ts';
import { formatMoney } from '#shared/money.ts';
import { pluralize } from '#shared/plural.ts';
import { shopTime } from '#shared/pricing/business-days.ts';
import { formatFullCalendarDate, isCalendarDate } from '#shared/pricing/calendar-date.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import {
  estimateWords,
  perPieceWords,
  salesTaxWords,
  scheduleHeading,
  scheduleWords,
} from '#shared/pricing/estimate-words.ts';
import type { Estimate } from '#shared/pricing/types.ts';
import type { AskedDetail, AskedEstimate, AskedView } from '#shared/requests/asked-view.ts';
import { DESIGN_FIELD } from '#shared/submissions/design-field-name.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';
import {
  NEW_ARTWORK_KEY,
  quoteEstimate,
  REORDER_FIELD,
  SIZES_FIELD,
  ZIP_FIELD,
} from '#shared/submissions/quote-fields.ts';
import { locationLabels, quoteLabels } from '#shared/submissions/quote-labels.ts';
import { detailsOf, formatEntry, humanize } from './payload-text.ts';

/**
 * What both sides of a request show the same way: the staff desk and the customer's page read the
 * customer's fields, the days left and which files may be shown as pictures from here.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Raster images shown as pictures; everything else (SVG, PDF, EPS) is only ever downloaded. The shop's
 * proofs may also be WebP; a customer's artwork never is (the quote form does not take it).
 */
const previewable = {
  artwork: new Set(['image/png', 'image/jpeg']),
  proof: new Set(['image/png', 'image/jpeg', 'image/webp']),
};

/** True for the files shown as a picture. An SVG or a PDF can carry script. */
export function isPreviewable(mediaType: string, kind: keyof typeof previewable = 'artwork'): boolean {
  return previewable[kind].has(mediaType);
}

/** Whole days from `today` (UTC) to a YYYY-MM-DD date. */
export function daysUntil(day: string, today: Date): number {
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.round((Date.parse(`${day}T00:00:00Z`) - start) / DAY_MS);
}

/**
 * The stored request's keys (server/submissions/quote-payload.ts) by the form field they came from,
 * so each is labelled as the form labels it.
 */
const formFieldOf: Record<string, string> = {
  reorderOf: REORDER_FIELD,
  company: 'company',
  phone: 'phone',
  service: 'service',
  garment: 'garment',
  garmentStyle: 'garmentStyle',
  garmentColor: 'garmentColor',
  darkGarment: 'darkGarment',
  artworkNeedsPreparing: 'artSetup',
  digitizedBefore: 'repeatDesign',
  sizes: SIZES_FIELD,
  printLocations: 'locations',
  inHandsDate: 'inHands',
  delivery: 'delivery',
  address: 'address',
  zipCode: ZIP_FIELD,
  comments: 'comments',
  studioDesign: DESIGN_FIELD,
};

/** Labels of what the form does not ask as such: the pieces it counts. */
const otherLabels: Record<string, string> = { quantity: 'Pieces' };

/** A print location's parts as stored, labelled as the form's location row labels them. */
const locationPartLabels: Record<string, string> = {
  placement: locationLabels.placement,
  colors: locationLabels.colors,
  size: locationLabels.area,
  stitches: locationLabels.stitches,
};

function labelOf(key: string): string {
  const field = formFieldOf[key];
  return (field && quoteLabels[field]) ?? otherLabels[key] ?? humanize(key);
}

/**
 * How the stored reorder line ends when the screens or digitizing are on file (quote-payload.ts): the set-up
 * questions of the form then say nothing true, so they are left out (else the line would read "Digitized
 * before: No" beside "set-up on file").
 */
const SETUP_ON_FILE = '(set-up on file)';

/**
 * Fields that do not apply to what was asked: a dark garment means nothing to embroidery (no ink), and
 * on a reorder whose set-up is on file the set-up questions are answered by the reorder line.
 */
function applies(key: string, payload: Record<string, unknown>, embroidery: boolean): boolean {
  if (key === 'darkGarment') return !embroidery;
  if (key === 'artworkNeedsPreparing' || key === 'digitizedBefore') {
    const reorder = payload.reorderOf;
    return !(typeof reorder === 'string' && reorder.endsWith(SETUP_ON_FILE));
  }
  return true;
}

function valueText(key: string, value: unknown): string {
  // A calendar date as the shop writes one: "Fri, Dec 18, 2026".
  if (key === 'inHandsDate' && typeof value === 'string' && isCalendarDate(value)) return formatFullCalendarDate(value);
  // A list of records (the print locations) reads best one item a line: "Placement: Front · Ink colors: 2".
  if (Array.isArray(value) && value.length > 0 && value.every(isRecord)) {
    return value
      .map((item) =>
        Object.entries(item)
          .filter(([, field]) => field !== undefined && field !== null && field !== '')
          .map(([name, field]) => `${locationPartLabels[name] ?? humanize(name)}: ${String(field)}`)
          .join(' · '),
      )
      .join('\n');
  }
  return formatEntry('', value, '')
    .map((line) => line.trim())
    .join('\n')
    .trim();
}

/**
 * The customer's fields as label and text, in the order the form has them, without what is shown on
 * its own: the website's estimate (as lines, see askedEstimate) and a message's text (the conversation
 * shows it, dated).
 */
function detailViews(request: Pick<Submission, 'kind' | 'payload' | 'name' | 'email'>): AskedDetail[] {
  const { payload } = request;
  // The service is stored by its name; digitizing is asked of embroidery alone.
  const embroidery = 'digitizedBefore' in payload || payload.service === 'Embroidery';
  return Object.entries(detailsOf(request))
    .filter(([key]) => key !== 'websiteEstimate' && !(request.kind === 'contact' && key === 'message'))
    .filter(([key]) => applies(key, payload, embroidery))
    .map(([key, value]) => ({ label: labelOf(key), value: valueText(key, value) }));
}

/** The estimate's lines, formatted as a quote's are. */
function figuresOf(estimate: Estimate): NonNullable<AskedEstimate['figures']> {
  return {
    lines: estimate.lines.map((line) => ({
      label: line.label,
      quantity: line.quantity,
      unit: formatMoney(line.unitCents),
      total: formatMoney(line.totalCents),
    })),
    total: formatMoney(estimate.totalCents),
  };
}

/**
 * The website's estimate when they sent it. Only its words are stored; its lines are the pricing
 * engine's for the form as sent, counted from when it arrived, and they are shown only when those
 * give back the very words stored (the prices or the terms may have changed since: then the words
 * alone, as the customer read them). A reorder's "new artwork" is not a form field: both are tried.
 */
function askedEstimate(
  request: Pick<Submission, 'payload' | 'createdAt'>,
  formValues: FormValues | undefined,
  pricing: PricingData,
): AskedEstimate | undefined {
  const words = request.payload.websiteEstimate;
  if (typeof words !== 'string' || words.trim() === '') return undefined;
  // A closed group order writes its per-piece roster and prices the estimate again for those sizes.
  const group = Array.isArray(request.payload.roster) ? { forGroup: true } : {};
  const quantity = request.payload.quantity;
  if (!formValues || typeof quantity !== 'number') return { notes: [words], ...group };
  const calendar = pricing['order-terms'];
  const candidates = formValues[REORDER_FIELD]
    ? [formValues, { ...formValues, [NEW_ARTWORK_KEY]: 'on' }]
    : [formValues];
  for (const values of candidates) {
    const result = quoteEstimate(values, pricing, request.createdAt);
    if (result?.ok !== true) continue;
    const { estimate } = result;
    if (estimateWords(estimate, quantity, calendar, request.createdAt) !== words) continue;
    const tax = salesTaxWords(estimate);
    const today = shopTime(request.createdAt, calendar.timeZone).date;
    return {
      figures: figuresOf(estimate),
      notes: [
        `${pluralize(quantity, 'piece')}: ${perPieceWords(estimate, quantity)}.`,
        ...(estimate.schedule
          ? [
              `${scheduleHeading(estimate.schedule, today)}. ${scheduleWords(estimate.schedule, calendar, request.createdAt)}`,
            ]
          : []),
        ...(tax ? [tax] : []),
      ],
      ...group,
    };
  }
  return { notes: [words], ...group };
}

/** What they asked for, for both sides: the fields, then the estimate. */
export function askedView(
  request: Pick<Submission, 'kind' | 'payload' | 'name' | 'email' | 'createdAt'>,
  formValues: FormValues | undefined,
  pricing: PricingData,
): AskedView {
  const estimate = askedEstimate(request, formValues, pricing);
  return { details: detailViews(request), ...(estimate ? { estimate } : {}) };
}
