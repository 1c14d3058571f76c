import type { MockupView } from '#shared/garments/mockup-view.ts';
import { MIN_PRINT_DPI } from '#shared/garments/placement-geometry.ts';
import { placements } from '#shared/submissions/quote-fields.ts';
import type { StoredMockup } from './mockup-store.ts';

const placementName = (value: string) =>
  Object.hasOwn(placements, value) ? placements[value as keyof typeof placements] : value;

/** The request's mockups for a page whose pictures are served under `base` (+ /mockups/<view>). */
export function mockupViews(mockups: readonly StoredMockup[], base: string): MockupView[] {
  return mockups.map((mockup) => ({
    view: mockup.view,
    src: `${base}/mockups/${mockup.view}`,
    alt: `${mockup.details.garmentName} in ${mockup.details.color}, ${mockup.view}`,
    prints: mockup.details.placements.map((placed) => ({
      text: `${placementName(placed.placement)}: ${placed.widthInches} × ${placed.heightInches} in${placed.dpi === undefined ? '' : `, ${placed.dpi} dpi`}`,
      notes: placed.notes,
      lowResolution: placed.dpi !== undefined && placed.dpi < MIN_PRINT_DPI,
    })),
  }));
}

/** Sends one mockup picture: an image of ours, under a CSP that runs nothing. */
export function sendMockup(res: import('express').Response, mockups: readonly StoredMockup[], view: string): boolean {
  const mockup = mockups.find((item) => item.view === view);
  if (!mockup) return false;
  res.set({
    'Content-Type': mockup.mediaType,
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'private, no-cache',
  });
  res.send(mockup.data);
  return true;
}
