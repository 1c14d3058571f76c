import { describe, expect, it } from 'vitest';
import { fiveLayerDesign } from '#tests/support/studio-design.ts';
import { handedFromForm } from './design-handoff.ts';

describe('a design the form came back with', () => {
  it('is summed up as the studio sums it up, and opens the studio on its garment again', () => {
    const handed = handedFromForm(JSON.stringify(fiveLayerDesign), 30);
    expect(handed.summary).toBe('Your design: 2 inks, front');
    expect(handed.editPath).toBe(
      '/pricing/studio?garment=gildan-5000&color=Navy&method=screen-printing&location=front&q=30',
    );
  });

  it('keeps a design it cannot read as sent, for the server to name what is wrong', () => {
    const broken = '{"garmentId": ';
    expect(handedFromForm(broken, 30)).toEqual({ json: broken, summary: 'Your design', editPath: '/pricing/studio' });
    const noLayers = JSON.stringify({ ...fiveLayerDesign, locations: { front: 'many' } });
    expect(handedFromForm(noLayers, 30).summary).toBe('Your design');
  });
});
