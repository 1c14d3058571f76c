import { estimateWords } from '#shared/pricing/estimate-words.ts';
import { formatInches } from '#shared/pricing/stitch-estimate.ts';
import type { LoadDates } from '#shared/production/production-load.ts';
import type { SiteData } from '#shared/site-data.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';
import {
  NEW_ARTWORK_KEY,
  OTHER_GARMENT,
  OWN_GARMENT,
  placements,
  type QuoteRequest,
  quoteEstimate,
  quoteSizes,
  REORDER_FIELD,
} from '#shared/submissions/quote-fields.ts';
import { sizesLine } from '#shared/submissions/sizes-line.ts';

/**
 * A quote request as the shop reads it (mail, CLI, CSV): names instead of ids, only the sizes ordered,
 * and the website's estimate at the time of the request (`now`: the date and any rush are counted from
 * it), in the same words the visitor saw, so the reply can start from the same figure.
 */
/** How the stored payload words a delivery (the shop reads it as the customer chose it). */
const DELIVERY_WORDS = 'Deliver to the address below';

/** Picked up at the shop or delivered, from a stored payload (its words, or a raw value kept by older code). */
export function handoverOfPayload(payload: Record<string, unknown>): 'pickup' | 'delivery' {
  return payload.delivery === DELIVERY_WORDS || payload.delivery === 'delivery' ? 'delivery' : 'pickup';
}

export function quotePayload(
  request: QuoteRequest,
  values: FormValues,
  site: SiteData,
  now = new Date(),
  load?: LoadDates,
) {
  const prices = site[request.service];
  const service = site.services.services.find((item) => item.id === request.service)?.name ?? request.service;
  const areaName = (id: string | undefined) =>
    id === undefined ? undefined : site['direct-to-garment'].printAreas.find((area) => area.id === id)?.name;
  const garment =
    request.garment === OWN_GARMENT
      ? 'Customer brings their own garments'
      : request.garment === OTHER_GARMENT
        ? 'Something else (see style)'
        : (prices.garments.find((item) => item.id === request.garment)?.name ?? request.garment);
  const result = quoteEstimate(values, site, now, load);
  const estimate =
    result?.ok === true
      ? estimateWords(result.estimate, request.quantity, site['order-terms'], now)
      : 'Not available (see the details)';
  const reorderOf = values[REORDER_FIELD]?.trim();
  return {
    ...(reorderOf
      ? {
          reorderOf: `${reorderOf} (${values[NEW_ARTWORK_KEY] === 'on' ? 'new artwork: set-up charged' : 'set-up on file'})`,
        }
      : {}),
    name: request.name,
    company: request.company,
    email: request.email,
    phone: request.phone,
    service,
    garment,
    garmentStyle: request.garmentStyle,
    garmentColor: request.garmentColor,
    darkGarment: request.darkGarment,
    ...(request.service === 'direct-to-garment' ? { artworkNeedsPreparing: request.artSetup } : {}),
    ...(request.service === 'embroidery' ? { digitizedBefore: request.repeatDesign } : {}),
    quantity: request.quantity,
    sizes: sizesLine(quoteSizes, request.sizes),
    printLocations: request.locations.map((location) => ({
      placement: placements[location.placement],
      colors: location.colors,
      size: areaName(location.area),
      ...(location.art ? { artworkWidth: formatInches(location.art.widthInches) } : {}),
      ...(location.widthInches === undefined
        ? { stitches: location.stitches }
        : {
            logoWidth: formatInches(location.widthInches),
            stitches: `about ${location.stitches?.toLocaleString('en-US')} (estimated from the width)`,
          }),
    })),
    inHandsDate: request.inHands,
    delivery: request.delivery === 'delivery' ? DELIVERY_WORDS : 'Pickup at the shop',
    address: request.address,
    zipCode: request.zip,
    comments: request.comments,
    websiteEstimate: estimate,
  };
}
