/** The three services. Kept apart from the zod schemas so browser code can check an id without the validator. */
export const serviceIds = ['screen-printing', 'direct-to-garment', 'embroidery'] as const;
/** One of the shop's three services; also its price file's name. */
export type ServiceId = (typeof serviceIds)[number];

/** Whether a value from a URL or a form names a service. */
export function isServiceId(value: string): value is ServiceId {
  return (serviceIds as readonly string[]).includes(value);
}
