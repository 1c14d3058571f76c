import { type Request, type Response, Router } from 'express';
import type { CustomerStore } from '#server/customer/customer-store.ts';
import { noSuchRequest, referenceOf, staffOf } from '#server/http/desk-request.ts';
import { printedFileCheck } from '#server/requests/approved-file.ts';
import type { ProofPictures } from '#server/requests/proof-pictures.ts';
import { isPreviewable } from '#server/requests/request-details.ts';
import type { SentProof, VersionStore } from '#server/requests/version-store.ts';
import { printSizeText } from '#server/requests/version-views.ts';
import type { DeskStore } from '#server/staff/desk-store.ts';
import type { DeskView } from '#shared/desk-contract.ts';
import type { CatalogueGarment } from '#shared/garments/catalogue.ts';
import { isRecord } from '#shared/is-record.ts';
import { optionalField } from '#shared/optional-field.ts';
import { shopTime } from '#shared/pricing/business-days.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import type { WorkOrderView } from '#shared/production/board-view.ts';
import type { ServiceId } from '#shared/service-ids.ts';
import type { ProductionStore } from './production-store.ts';
import { workOrderSizePlans } from './work-order-sizes.ts';

export interface WorkOrderRoutesOptions {
  customer: Pick<CustomerStore, 'approvalsOf'>;
  desk: Pick<DeskStore, 'getRequestView'>;
  production: Pick<ProductionStore, 'boardOrders'>;
  versions: Pick<VersionStore, 'proofsOf' | 'quotesOf' | 'formValuesOf' | 'getProofFile'>;
  /** A PDF proof's drawn first page: the press crew's thumbnail of what was approved. */
  proofPictures: Pick<ProofPictures, 'pictureOf'>;
  render: (req: Request, res: Response, view: DeskView, status?: number) => Promise<void>;
  prices: () => PricingData;
  /** The catalogue's garments, read at each use: a studio design's print areas and sizes. */
  garments: () => readonly CatalogueGarment[];
  now: () => Date;
}

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** What the press crew ticks off, by service: the steps a job is checked at. */
const checklists: Record<ServiceId | 'other', string[]> = {
  'screen-printing': [
    'Garments counted against the sizes below',
    'Screens burned and checked against the proof',
    'Ink colors mixed and matched to the proof',
    'Test print approved',
    'Print size and placement measured on the first piece',
    'Cured and wash-tested',
    'Counted, folded and packed',
  ],
  'direct-to-garment': [
    'Garments counted against the sizes below',
    'Pretreatment applied (dark garments)',
    'Test print approved against the proof',
    'Print size and placement measured on the first piece',
    'Cured',
    'Counted, folded and packed',
  ],
  embroidery: [
    'Garments counted against the sizes below',
    'Design digitized and stitched out on a sample',
    'Thread colors matched to the proof',
    'Hooping and placement checked on the first piece',
    'Backing trimmed, threads cut',
    'Counted, folded and packed',
  ],
  other: ['Garments counted against the sizes below', 'First piece checked against the proof', 'Counted and packed'],
};

/**
 * "M: 10, L: 5" (the stored request's sizes) as rows. A group closed before its sizes were written that
 * way holds them as a record ({ "M": 10 }): read as the same line.
 */
function sizesOf(value: unknown): WorkOrderView['sizes'] {
  const line = isRecord(value)
    ? Object.entries(value)
        .filter(([, quantity]) => Number(quantity) > 0)
        .map(([size, quantity]) => `${size}: ${String(quantity)}`)
        .join(', ')
    : text(value);
  return line
    .split(',')
    .map((part) => part.split(':').map((item) => item.trim()))
    .flatMap(([size, quantity]) =>
      size && quantity && /^\d+$/.test(quantity) ? [{ size, quantity: Number(quantity) }] : [],
    );
}

/** A stored print location in a line: placement, then its size, colours or stitches. */
function locationsOf(value: unknown): WorkOrderView['locations'] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((location) => {
    const details = [
      text(location.size) && `print size ${text(location.size)}`,
      text(location.logoWidth) && `logo ${text(location.logoWidth)} wide`,
      text(location.colors) && `${text(location.colors)} ink color${location.colors === 1 ? '' : 's'}`,
      text(location.stitches) && `${text(location.stitches)} stitches`,
    ].filter(Boolean);
    return { placement: text(location.placement) || 'Location', detail: details.join(', ') || 'See the proof' };
  });
}

/**
 * A job's work order at /staff/requests/<reference>/work-order: one printable page for the press crew, from
 * what the request stores (the customer's fields, the approved proof, the notes of the quote and proof, the
 * booking). Printed from the browser; its print styles keep it to one page.
 */
export function workOrderRoutes(options: WorkOrderRoutesOptions): Router {
  const router = Router();
  router.get('/staff/requests/:reference/work-order', async (req, res) => {
    const reference = referenceOf(req);
    const [request, proofs, approvals, quotes, board, formValues] = await Promise.all([
      // The order, the customer and the promised day: none of the artwork's bytes.
      options.desk.getRequestView(reference),
      options.versions.proofsOf(reference),
      options.customer.approvalsOf(reference),
      options.versions.quotesOf(reference),
      options.production.boardOrders(),
      options.versions.formValuesOf(reference),
    ]);
    if (request?.kind !== 'quote') throw noSuchRequest();
    const payload = request.payload;
    const booked = board.find((order) => order.reference === reference);
    const isApproved = (proof: SentProof) =>
      approvals.some(
        (item) => item.subject === 'proof' && item.version === proof.version && item.decision === 'approved',
      );
    const approved = [...proofs].reverse().find(isApproved);
    const proof = approved ?? proofs.at(-1);
    const quote = quotes.at(-1);
    const check = await printedFileCheck(options.versions, reference, proofs, approvals);
    // A picture shows as it is; a PDF by its first page when the server could draw it.
    const thumbnail =
      proof &&
      (isPreviewable(proof.mediaType, 'proof') || (await options.proofPictures.pictureOf(reference, proof.version)));
    const inHands = text(payload.inHandsDate);
    const service = booked?.service ?? undefined;
    const view: WorkOrderView = {
      page: 'work-order',
      staff: staffOf(res),
      reference,
      customer: {
        name: request.name,
        company: text(payload.company),
        email: request.email,
        phone: text(payload.phone),
      },
      service: text(payload.service),
      pieces: booked?.pieces ?? (Number(payload.quantity) || null),
      pressDate: booked?.pressDate ?? null,
      due: request.promised
        ? { date: request.promised.date, what: request.promised.handover === 'delivery' ? 'Delivered by' : 'Pickup' }
        : inHands
          ? { date: inHands, what: 'In hands by (asked)' }
          : null,
      handover: text(payload.delivery),
      garment: text(payload.garment),
      garmentStyle: text(payload.garmentStyle),
      garmentColor: text(payload.garmentColor) || (payload.darkGarment === true ? 'Dark' : ''),
      sizes: sizesOf(payload.sizes),
      roster: Array.isArray(payload.roster) ? payload.roster.map(text).filter(Boolean) : [],
      locations: locationsOf(payload.printLocations),
      sizePlans: workOrderSizePlans(formValues, options.garments()),
      ...(proof
        ? {
            proof: {
              version: proof.version,
              name: proof.name,
              approved: isApproved(proof),
              ...optionalField('printSize', printSizeText(proof.widthInches, proof.heightInches)),
              ...(check?.version === proof.version ? { sha256: check.sha256 } : {}),
              ...optionalField('approvedSha256', check?.approved?.sha256),
              ...optionalField('warning', check?.warning),
              ...(thumbnail ? { image: `/staff/requests/${reference}/proofs/${proof.version}/preview` } : {}),
            },
          }
        : {}),
      notes: [
        { label: 'Customer', text: text(payload.comments) },
        { label: 'Proof', text: proof?.notes ?? '' },
        { label: 'Quote', text: quote?.notes ?? '' },
      ].filter((note) => note.text.trim() !== ''),
      checklist: checklists[service ?? 'other'],
      printedOn: shopTime(options.now(), options.prices()['order-terms'].timeZone).date,
    };
    await options.render(req, res, view);
  });
  return router;
}
