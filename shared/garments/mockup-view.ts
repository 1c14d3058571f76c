/**
 * A stored mockup as a page shows it: the picture's address, what it shows, and each print's size in inches
 * with what was done to its file. The customer's page, the desk and the quote form's receipt all show it the
 * same way (client/components/mockup-figures.tsx).
 */
export interface MockupView {
  view: 'front' | 'back';
  src: string;
  /** "Gildan 5000 Heavy Cotton tee in Navy, front". */
  alt: string;
  /** One line per print: "Front: 10 × 5 in, 400 dpi". */
  prints: { text: string; notes: string[]; lowResolution: boolean }[];
}
