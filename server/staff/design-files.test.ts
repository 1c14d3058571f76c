import { describe, expect, it } from 'vitest';
import type { CatalogueGarment } from '#shared/garments/catalogue.ts';
import { fiveLayerDesign, frontArea } from '#tests/support/studio-design.ts';
import { deskDesignView } from './design-files.ts';

const tee = {
  id: 'gildan-5000',
  colors: [{ name: 'Navy', hex: '#1f2a44' }],
  printAreas: [frontArea],
} as unknown as CatalogueGarment;

describe('the desk’s design section', () => {
  it('gives each location its ink sentence, film count, download addresses and the studio opened on it', () => {
    expect(deskDesignView(fiveLayerDesign, [tee], '/staff/requests/Q-2026-000001')).toEqual([
      {
        label: 'Front',
        sentence: '2 inks + underbase = 3 screens',
        inks: ['White', 'Athletic gold'],
        films: 3,
        files: {
          svg: '/staff/requests/Q-2026-000001/design/front/press.svg',
          pdf: '/staff/requests/Q-2026-000001/design/front/press.pdf',
          films: '/staff/requests/Q-2026-000001/design/front/films.pdf',
        },
        studio:
          '/pricing/studio?garment=gildan-5000&color=Navy&method=screen-printing&location=front&request=Q-2026-000001',
      },
    ]);
  });

  it('offers no films for embroidery', () => {
    const [front] = deskDesignView({ ...fiveLayerDesign, method: 'embroidery' }, [tee], '/x');
    expect(front).toMatchObject({ films: 0, sentence: '2 thread colours' });
    expect(front?.files).not.toHaveProperty('films');
  });
});
