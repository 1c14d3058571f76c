import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StudioDesign } from '#shared/studio/design-schema.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const staff = 'owner@seenwear.example';

/** An 11 in paw on the front and a 3 in star on the left chest of a Gildan 5000. */
const design: StudioDesign = {
  garmentId: 'gildan-5000',
  colorName: 'Navy',
  method: 'screen-printing',
  locations: {
    front: [{ kind: 'motif', motifId: 'paw', inkId: 'white', widthInches: 11, x: 6, y: 6, rotation: 0 }],
    'left-chest': [{ kind: 'motif', motifId: 'star', inkId: 'white', widthInches: 3, x: 2, y: 2, rotation: 0 }],
  },
};

// The work order's print size per garment size, from the stored design and sizes, over each database.
describe.each(backends)('the work order of a studio design, on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ storage: await openTestStorage(backend), config: { submissionRateLimit: 1000 } });
  });

  const save = async (formValues: Record<string, string>) =>
    (
      await t.storage.submissions.saveSubmission({
        kind: 'quote',
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        payload: { name: 'Dana Whitfield', service: 'Screen printing', quantity: 24, sizes: 'XS: 4, 3XL: 20' },
        formValues: {
          service: design.method,
          garment: design.garmentId,
          garmentColor: design.colorName,
          ...formValues,
        },
        files: [],
      })
    ).reference;

  const workOrder = async (reference: string) => {
    const { cookie } = await staffSession(t.app, t.storage, staff);
    return (await request(t.app).get(`/staff/requests/${reference}/work-order`).set('Cookie', cookie).expect(200)).text;
  };

  const section = (html: string) => html.slice(html.indexOf('data-testid="work-order-size-plans"'));

  it('lists which sizes get which print size when an XS and a 3XL cannot share one', async () => {
    const reference = await save({ design: JSON.stringify(design), qtyXS: '4', qty3XL: '20' });
    const html = section(await workOrder(reference));
    expect(html).toContain('Print size by garment size');
    expect(html).toContain('Front: two print sizes');
    // The XS's front is three quarters of the 12 in area: the paw shrinks to 9 in; the 3XL takes it whole.
    expect(html).toMatch(/<td[^>]*>XS<\/td><td[^>]*>9 × 9 in<\/td>/);
    expect(html).toMatch(/<td[^>]*>3XL<\/td><td[^>]*>11 × 11 in<\/td>/);
    // A chest logo is sized to the chest, the same on every size.
    expect(html).toMatch(/<td[^>]*>XS, 3XL<\/td><td[^>]*>3 × 3 in<\/td>/);
  });

  it('keeps one print size when the sizes ordered all take the design', async () => {
    const reference = await save({ design: JSON.stringify(design), qtyL: '10', qtyXL: '14' });
    const html = section(await workOrder(reference));
    expect(html).not.toContain('two print sizes');
    expect(html).toMatch(/<td[^>]*>L, XL<\/td><td[^>]*>11 × 11 in<\/td>/);
  });

  it('has no such section for a request without a studio design', async () => {
    const reference = await save({ qtyM: '24' });
    expect(await workOrder(reference)).not.toContain('Print size by garment size');
  });
});
