/** The three services. Kept apart from the zod schemas so browser code can check an id without the validator. */
export const serviceIds = ['screen-printing', 'direct-to-garment', 'embroidery'] as const;
/** A service's id, which is also the name of its price file (data/<id>.json). */
export type ServiceId = (typeof serviceIds)[number];

/** Narrows a string from a form or a URL to a service id. */
export function isServiceId(value: string): value is ServiceId {
  return (serviceIds as readonly string[]).includes(value);
}
