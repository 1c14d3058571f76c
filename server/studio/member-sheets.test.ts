import { describe, expect, it } from 'vitest';
import { frontArea, memberBack, navyTeeDesign, textLayer } from '#tests/support/studio-design.ts';
import { memberSheetsPdf } from './member-sheets.ts';
import { studioFont } from './studio-fonts.ts';

const design = navyTeeDesign({ front: [textLayer()], back: memberBack(20, 6) });
const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('the names and numbers sheet', () => {
  it('gives each member a page, in the roster’s order: numbers first, low to high, then names', async () => {
    const sheets = await memberSheetsPdf(
      design,
      'back',
      frontArea,
      [
        { backName: 'Smith', backNumber: '23', size: 'L', quantity: 1 },
        { backName: 'Lee', backNumber: '', size: 'S', quantity: 2 },
        { backName: 'Jones', backNumber: '7', size: 'M', quantity: 1 },
        { backName: '', backNumber: '', size: 'XL', quantity: 1 },
      ],
      studioFont,
    );
    if (!sheets) throw new Error('no sheets');
    expect(sheets.labels).toEqual([
      'JONES 7 · size M · back · 1 of 3',
      'SMITH 23 · size L · back · 2 of 3',
      'LEE · size S × 2 · back · 3 of 3',
    ]);
    expect(pages(sheets.pdf)).toBe(3);
  });

  it('makes no sheet for a location without member text, or a group where nobody gave any', async () => {
    const member = { backName: 'Smith', backNumber: '23', size: 'L', quantity: 1 };
    expect(await memberSheetsPdf(design, 'front', frontArea, [member], studioFont)).toBeUndefined();
    const blank = { backName: ' ', backNumber: '', size: 'L', quantity: 1 };
    expect(await memberSheetsPdf(design, 'back', frontArea, [blank], studioFont)).toBeUndefined();
  });
});
