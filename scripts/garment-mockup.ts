/**
 * Draws a past job's garment with its design on it, as an SVG the image build rasterizes like the other
 * artwork. No photographs can be fetched here, so the pictures of our work are drawn: a garment outline
 * in the job's fabric color, its seams and ribbing, the design at its print location, then folds and
 * light laid over both, so the print sits in the fabric instead of floating on it.
 */
import type { Mockup } from '#shared/content-schemas.ts';

type Box = { x: number; y: number; size: number };

interface GarmentDrawing {
  /** Parts outside the outline, drawn first: a tote's handles. */
  behind?: string;
  /** The outline, filled with the fabric color. */
  body: string;
  /** Seams, ribbing and trims drawn on the fabric, under the print. */
  details: string;
  /** Folds and creases drawn over the print. */
  folds: string;
  /** Where each placement the garment supports puts the design. */
  areas: Partial<Record<Mockup['placement'], Box>>;
}

const tee: GarmentDrawing = {
  body: 'M300 110 190 150 70 300l100 70 40-40v390q190 26 380 0V330l40 40 100-70-120-150-110-40c-20 44-56 64-100 64s-80-20-100-64z',
  details: `
    <path d="M300 110c20 44 56 64 100 64s80-20 100-64" fill="none" stroke="#000" stroke-opacity=".22" stroke-width="16"/>
    <path d="M300 110c20 44 56 64 100 64s80-20 100-64" fill="none" stroke="#fff" stroke-opacity=".12" stroke-width="4" transform="translate(0 9)"/>
    <path d="M210 330 170 370M590 330l40 40" stroke="#000" stroke-opacity=".18" stroke-width="4"/>
    <path d="M80 312l96 66M720 312l-96 66" stroke="#000" stroke-opacity=".15" stroke-width="3" stroke-dasharray="8 6"/>
    <path d="M212 700q188 24 376 0" fill="none" stroke="#000" stroke-opacity=".15" stroke-width="3" stroke-dasharray="8 6"/>`,
  folds: `
    <path d="M250 420q30 120 10 280M560 380q-40 140-4 320" fill="none" stroke="#000" stroke-opacity=".07" stroke-width="22" stroke-linecap="round"/>
    <path d="M330 560q70 30 150-10" fill="none" stroke="#fff" stroke-opacity=".06" stroke-width="18" stroke-linecap="round"/>`,
  areas: { 'full-front': { x: 290, y: 230, size: 220 }, 'left-chest': { x: 465, y: 235, size: 72 } },
};

const hoodie: GarmentDrawing = {
  body: 'M290 120 180 160 70 360l-10 330 80 16 30-300 40-40v400q190 26 380 0V366l40 40 30 300 80-16-10-330-110-200-110-40c0-40-50-80-110-80s-110 40-110 80z',
  details: `
    <path d="M290 120c0-40 50-80 110-80s110 40 110 80c-20 60-60 90-110 90s-90-30-110-90z" fill="#000" fill-opacity=".22"/>
    <path d="M320 130c20 40 46 60 80 60s60-20 80-60" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="10"/>
    <path d="M378 190v90M422 190v96" stroke="#f5f5f4" stroke-width="6" stroke-linecap="round"/>
    <path d="M280 560h240l30 150q-150 16-300 0z" fill="#000" fill-opacity=".1"/>
    <path d="M280 560h240M280 560l-20 60M520 560l20 60" fill="none" stroke="#000" stroke-opacity=".2" stroke-width="4"/>
    <path d="M210 730q190 24 380 0" fill="none" stroke="#000" stroke-opacity=".2" stroke-width="14"/>
    <path d="M62 680l78 14M738 680l-78 14" stroke="#000" stroke-opacity=".2" stroke-width="14"/>`,
  folds: `
    <path d="M250 420q20 100 6 260M560 420q-30 120-6 260M120 400q-20 140-30 280M680 400q20 140 30 280" fill="none" stroke="#000" stroke-opacity=".08" stroke-width="20" stroke-linecap="round"/>`,
  areas: { 'full-front': { x: 305, y: 300, size: 190 }, 'left-chest': { x: 462, y: 290, size: 70 } },
};

const polo: GarmentDrawing = {
  body: tee.body,
  details: `
    <path d="M300 110c-10 20-30 50-50 60l110 40 40-36 40 36 110-40c-20-10-40-40-50-60-30 30-60 40-100 40s-70-10-100-40z" fill="#000" fill-opacity=".18"/>
    <path d="M300 110c-10 20-30 50-50 60l110 40 40-36M500 110c10 20 30 50 50 60l-110 40-40-36" fill="none" stroke="#000" stroke-opacity=".3" stroke-width="4" stroke-linejoin="round"/>
    <rect x="378" y="174" width="44" height="130" fill="#000" fill-opacity=".08" stroke="#000" stroke-opacity=".22" stroke-width="3"/>
    <g fill="#f5f5f4" stroke="#000" stroke-opacity=".25" stroke-width="2"><circle cx="400" cy="206" r="8"/><circle cx="400" cy="250" r="8"/></g>
    <path d="M80 312l96 66M720 312l-96 66" stroke="#000" stroke-opacity=".25" stroke-width="12"/>
    <path d="M212 700q188 24 376 0" fill="none" stroke="#000" stroke-opacity=".15" stroke-width="3" stroke-dasharray="8 6"/>`,
  folds: tee.folds,
  areas: { 'left-chest': { x: 466, y: 240, size: 74 }, 'full-front': { x: 290, y: 320, size: 220 } },
};

const cap: GarmentDrawing = {
  body: 'M170 480c0-200 100-320 230-320s230 120 230 320q-230 40-460 0zM180 470q220-36 440 0 70 36 50 96-270 64-540 0-20-60 50-96z',
  details: `
    <path d="M400 160v316M290 200q-46 120-40 284M510 200q46 120 40 284" fill="none" stroke="#000" stroke-opacity=".2" stroke-width="4"/>
    <circle cx="400" cy="164" r="14" fill="#000" fill-opacity=".25"/>
    <path d="M180 470q220-36 440 0 70 36 50 96-270 64-540 0-20-60 50-96z" fill="#000" fill-opacity=".16"/>
    <path d="M176 478q224-40 448 0" fill="none" stroke="#000" stroke-opacity=".3" stroke-width="8"/>
    <path d="M150 548q250 50 500 0" fill="none" stroke="#fff" stroke-opacity=".18" stroke-width="3" stroke-dasharray="10 6"/>`,
  folds: `
    <path d="M250 260q-30 100-30 190M550 260q30 100 30 190" fill="none" stroke="#fff" stroke-opacity=".08" stroke-width="30" stroke-linecap="round"/>`,
  areas: { 'front-panel': { x: 320, y: 250, size: 160 } },
};

const tote: GarmentDrawing = {
  behind: `
    <path d="M280 260c0-200 240-200 240 0" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="34"/>
    <path d="M280 260c0-200 240-200 240 0" fill="none" stroke-width="26" class="fabric-stroke"/>`,
  body: 'M190 250h420l20 500H170z',
  details: `
    <path d="M190 280h420" stroke="#000" stroke-opacity=".2" stroke-width="3" stroke-dasharray="8 6"/>`,
  folds: `
    <path d="M230 300q-10 200 0 430M580 300q14 200 8 430" fill="none" stroke="#000" stroke-opacity=".06" stroke-width="26" stroke-linecap="round"/>`,
  areas: { 'full-front': { x: 270, y: 350, size: 260 } },
};

const garments: Record<Mockup['garment'], GarmentDrawing> = { tee, hoodie, polo, cap, tote };

/** The design file's own <svg> element, placed and sized at the print location. */
function placeDesign(designSvg: string, box: Box): string {
  const svg = designSvg.replace(/<\?xml[^>]*>/, '').trim();
  return svg.replace('<svg ', `<svg x="${box.x}" y="${box.y}" width="${box.size}" height="${box.size}" `);
}

/** A mockup as SVG text: the garment in its color, the design at its placement, light and folds over both. */
export function garmentMockupSvg(mockup: Mockup, designSvg: string): string {
  const garment = garments[mockup.garment];
  const box = garment.areas[mockup.placement];
  if (!box) throw new Error(`A ${mockup.garment} has no ${mockup.placement} print area`);
  const behind = (garment.behind ?? '').replace('class="fabric-stroke"', `stroke="${mockup.color}"`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800">
  <title>${mockup.alt.replace(/[<&]/g, '')}</title>
  <defs>
    <radialGradient id="studio" cx=".5" cy=".4" r=".75">
      <stop offset="0" stop-color="#fafaf9"/><stop offset="1" stop-color="#e7e5e4"/>
    </radialGradient>
    <linearGradient id="light" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#000" stop-opacity=".22"/>
      <stop offset=".28" stop-color="#fff" stop-opacity=".06"/>
      <stop offset=".6" stop-color="#fff" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity=".26"/>
    </linearGradient>
    <filter id="weave" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency=".9" numOctaves="2" seed="7"/>
      <feColorMatrix values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 .09 0"/>
    </filter>
    <filter id="shadow" x="-10%" y="-10%" width="120%" height="130%">
      <feGaussianBlur in="SourceAlpha" stdDeviation="14"/>
      <feOffset dy="16"/>
      <feComponentTransfer><feFuncA type="linear" slope=".28"/></feComponentTransfer>
      <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
    </filter>
    <clipPath id="garment"><path d="${garment.body}"/></clipPath>
  </defs>
  <rect width="800" height="800" fill="url(#studio)"/>
  ${behind}
  <path d="${garment.body}" fill="${mockup.color}" filter="url(#shadow)"/>
  <g clip-path="url(#garment)">
    ${garment.details}
    <g opacity=".96">${placeDesign(designSvg, box)}</g>
    ${garment.folds}
    <rect width="800" height="800" fill="url(#light)"/>
    <rect width="800" height="800" filter="url(#weave)"/>
  </g>
</svg>
`;
}
