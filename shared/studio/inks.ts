/**
 * The plastisol inks the shop keeps mixed: the only colours a design may use, so every layer names an ink
 * the press can print and the screens counted are the screens burned. The swatch is what the studio and the
 * press file paint with; the name is what goes on the film and the job sheet.
 */
export interface Ink {
  id: string;
  name: string;
  hex: string;
}

export const inks = [
  { id: 'white', name: 'White', hex: '#ffffff' },
  { id: 'black', name: 'Black', hex: '#111111' },
  { id: 'athletic-gold', name: 'Athletic gold', hex: '#ffb81c' },
  { id: 'yellow', name: 'Yellow', hex: '#ffe000' },
  { id: 'orange', name: 'Orange', hex: '#ff6a13' },
  { id: 'red', name: 'Red', hex: '#c8102e' },
  { id: 'maroon', name: 'Maroon', hex: '#6d2c41' },
  { id: 'pink', name: 'Pink', hex: '#f4a6c8' },
  { id: 'purple', name: 'Purple', hex: '#582c83' },
  { id: 'royal', name: 'Royal blue', hex: '#1e4fa0' },
  { id: 'navy', name: 'Navy', hex: '#1f2a44' },
  { id: 'columbia-blue', name: 'Columbia blue', hex: '#8db9e2' },
  { id: 'kelly-green', name: 'Kelly green', hex: '#00843d' },
  { id: 'forest-green', name: 'Forest green', hex: '#214232' },
  { id: 'silver-grey', name: 'Silver grey', hex: '#a2aaad' },
  { id: 'brown', name: 'Brown', hex: '#5c4033' },
] as const satisfies readonly Ink[];

const byId = new Map<string, Ink>(inks.map((ink) => [ink.id, ink]));

export function inkById(id: string): Ink | undefined {
  return byId.get(id);
}
