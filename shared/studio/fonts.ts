/**
 * The studio's typefaces: eight open-licence families (SIL OFL, packaged by Fontsource), one weight each so
 * the browser and the server read the very same file. The file name is Fontsource's WOFF (opentype.js reads
 * WOFF, not WOFF2). Embroidery needs strokes a needle can lay down: thin scripts close up below a certain
 * letter height and some faces cannot be stitched cleanly at all, hence the two embroidery fields.
 */
export interface StudioFont {
  id: string;
  name: string;
  style: 'varsity' | 'script' | 'slab' | 'sans' | 'condensed' | 'display';
  /** The Fontsource package the file comes from. */
  packageName: string;
  /** The file inside the package's files/ folder. */
  fileName: string;
  embroidery: boolean;
  /** The smallest cap height, in inches, the shop can sew legibly in this face. */
  minEmbroideryInches: number;
}

const fontsource = (slug: string) => ({
  packageName: `@fontsource/${slug}`,
  fileName: `${slug}-latin-400-normal.woff`,
});

export const studioFonts = [
  {
    id: 'graduate',
    name: 'Graduate',
    style: 'varsity',
    ...fontsource('graduate'),
    embroidery: true,
    minEmbroideryInches: 0.25,
  },
  {
    id: 'pacifico',
    name: 'Pacifico',
    style: 'script',
    ...fontsource('pacifico'),
    embroidery: true,
    minEmbroideryInches: 0.4,
  },
  {
    id: 'lobster',
    name: 'Lobster',
    style: 'script',
    ...fontsource('lobster'),
    embroidery: true,
    minEmbroideryInches: 0.35,
  },
  {
    id: 'roboto-slab',
    name: 'Roboto Slab',
    style: 'slab',
    ...fontsource('roboto-slab'),
    embroidery: true,
    minEmbroideryInches: 0.25,
  },
  {
    id: 'alfa-slab-one',
    name: 'Alfa Slab One',
    style: 'slab',
    ...fontsource('alfa-slab-one'),
    embroidery: true,
    minEmbroideryInches: 0.3,
  },
  {
    id: 'open-sans',
    name: 'Open Sans',
    style: 'sans',
    ...fontsource('open-sans'),
    embroidery: true,
    minEmbroideryInches: 0.25,
  },
  {
    id: 'oswald',
    name: 'Oswald',
    style: 'condensed',
    ...fontsource('oswald'),
    embroidery: true,
    minEmbroideryInches: 0.3,
  },
  // Bebas Neue's hairline counters fill in with thread; the shop prints it but does not sew it.
  {
    id: 'bebas-neue',
    name: 'Bebas Neue',
    style: 'display',
    ...fontsource('bebas-neue'),
    embroidery: false,
    minEmbroideryInches: 0.5,
  },
] as const satisfies readonly StudioFont[];

const byId = new Map<string, StudioFont>(studioFonts.map((font) => [font.id, font]));

export function fontById(id: string): StudioFont | undefined {
  return byId.get(id);
}
