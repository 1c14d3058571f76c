import { describe, expect, it } from 'vitest';
import type { RequestStatus } from '#shared/requests/request-status.ts';
import { checkReorder } from './reorder-check.ts';

const orders: Record<string, { kind: 'quote' | 'contact'; status: RequestStatus; name: string; email: string }> = {
  'Q-2026-000001': { kind: 'quote', status: 'completed', name: 'Dana', email: 'Dana@Example.com' },
  'Q-2026-000002': { kind: 'quote', status: 'in_production', name: 'Dana', email: 'dana@example.com' },
  'C-2026-000001': { kind: 'contact', status: 'handled', name: 'Dana', email: 'dana@example.com' },
};
const storage = { getRequestState: async (reference: string) => orders[reference] };

describe('a quote request marked as a reorder', () => {
  it('keeps the mark for a completed order of the same address, in any case', async () => {
    const checked = await checkReorder({ email: 'dana@example.com ', reorderOf: 'Q-2026-000001' }, storage);
    expect(checked).toEqual({ values: { email: 'dana@example.com ', reorderOf: 'Q-2026-000001' } });
  });

  it('drops a mark that names no completed quote request, so the request is priced in full', async () => {
    for (const [reference, why] of [
      ['Q-2026-000002', 'not-completed'],
      ['C-2026-000001', 'unknown'],
      ['Q-2099-999999', 'unknown'],
      ['not a reference', 'unknown'],
    ] as const) {
      const checked = await checkReorder({ email: 'dana@example.com', reorderOf: reference }, storage);
      expect(checked).toEqual({ values: { email: 'dana@example.com' }, dropped: { reference, why } });
    }
  });

  it('treats a completed order of another address as it treats an unknown reference', async () => {
    const mismatch = await checkReorder({ email: 'mallory@example.com', reorderOf: 'Q-2026-000001' }, storage);
    const unknown = await checkReorder({ email: 'mallory@example.com', reorderOf: 'Q-2099-999999' }, storage);
    expect(mismatch.values).toEqual({ email: 'mallory@example.com' });
    expect(mismatch.values).toEqual(unknown.values);
    expect(Object.keys(mismatch)).toEqual(Object.keys(unknown));
    // Only the log tells them apart.
    expect(mismatch.dropped).toEqual({ reference: 'Q-2026-000001', why: 'other-address' });
  });

  it('leaves a request without the mark as it is', async () => {
    expect(await checkReorder({ email: 'a@b.example', reorderOf: ' ' }, storage)).toEqual({
      values: { email: 'a@b.example', reorderOf: ' ' },
    });
  });
});
