/** The three services. Kept apart from the zod schemas so browser code can check an id without the validator. */
export const serviceIds = ['screen-printing', 'direct-to-garment', 'embroidery'] as const;
export type ServiceId = (typeof serviceIds)[number];

export function isServiceId(value: string): value is ServiceId {
  return (serviceIds as readonly string[]).includes(value);
}
