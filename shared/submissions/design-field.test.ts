import { describe, expect, it } from 'vitest';
import type { CatalogueGarment } from '#shared/garments/catalogue.ts';
import { MAX_DESIGN_JSON_BYTES } from '#shared/studio/design-schema.ts';
import { fiveLayerDesign } from '#tests/support/studio-design.ts';
import { checkDesignField, designInkLines } from './design-field.ts';
import { DESIGN_FIELD_KEPT_CHARS } from './design-field-name.ts';
import { formValuesFrom } from './form-values.ts';

const tee: CatalogueGarment = {
  id: 'gildan-5000',
  brand: 'Gildan',
  style: '5000',
  name: 'Heavy Cotton tee',
  type: 'tee',
  services: ['screen-printing'],
  cents: 300,
  sizes: ['M'],
  sizeUpcharges: [],
  colors: [
    { name: 'Navy', hex: '#1f2a44' },
    { name: 'White', hex: '#ffffff' },
  ],
  printAreas: [{ placement: 'front', widthInches: 12, heightInches: 16 }],
};
const form = { garment: 'gildan-5000', garmentColor: 'Navy', service: 'screen-printing' };

describe('the quote form’s design field', () => {
  it('keeps one character past the cap, so a design too long is still refused, not cut to fit', () => {
    expect(DESIGN_FIELD_KEPT_CHARS).toBe(MAX_DESIGN_JSON_BYTES + 1);
    const values = formValuesFrom([['design', 'x'.repeat(MAX_DESIGN_JSON_BYTES + 50)]]);
    expect(values.design).toHaveLength(MAX_DESIGN_JSON_BYTES + 1);
    expect(checkDesignField(values, [tee])).toMatchObject({ ok: false, message: expect.stringMatching(/128 KB/) });
  });

  it('is no design when empty, and the parsed design when it matches the form', () => {
    expect(checkDesignField({ ...form, design: ' ' }, [tee])).toEqual({ ok: true, design: undefined });
    expect(checkDesignField({ ...form, design: JSON.stringify(fiveLayerDesign) }, [tee])).toEqual({
      ok: true,
      design: fiveLayerDesign,
    });
  });

  it('refuses a design made for another service than the form’s', () => {
    const check = checkDesignField({ ...form, service: 'direct-to-garment', design: JSON.stringify(fiveLayerDesign) }, [
      { ...tee, services: ['screen-printing', 'direct-to-garment'] },
    ]);
    expect(check).toMatchObject({ ok: false, message: expect.stringMatching(/another service/) });
  });

  it('words each location’s inks, the underbase counted on a dark garment only', () => {
    expect(designInkLines(fiveLayerDesign, [tee])).toEqual(['Front: 2 inks + underbase = 3 screens']);
    expect(designInkLines({ ...fiveLayerDesign, colorName: 'White' }, [tee])).toEqual(['Front: 2 inks = 2 screens']);
  });
});
