import { describe, expect, it } from 'vitest';
import { customerCancellable, nextStepOf, timelineOf } from './customer-steps.ts';

describe("the customer's timeline", () => {
  it('marks the steps passed with their dates, the current one, and those ahead', () => {
    const timeline = timelineOf('quoted', { new: '2026-03-01T10:00:00.000Z', quoted: '2026-03-02T09:00:00.000Z' });
    expect(timeline.map((step) => [step.label, step.state, step.at])).toEqual([
      ['Received', 'done', '2026-03-01T10:00:00.000Z'],
      ['Quote sent', 'current', '2026-03-02T09:00:00.000Z'],
      ['Approved', 'ahead', undefined],
      ['Proof sent', 'ahead', undefined],
      ['Proof approved', 'ahead', undefined],
      ['In production', 'ahead', undefined],
      ['Ready', 'ahead', undefined],
      ['Completed', 'ahead', undefined],
    ]);
  });

  it('ends a cancelled request at the step it was cancelled from', () => {
    const timeline = timelineOf(
      'cancelled',
      { new: '2026-03-01T10:00:00.000Z', quoted: '2026-03-02T09:00:00.000Z', cancelled: '2026-03-03T08:00:00.000Z' },
      'quoted',
    );
    expect(timeline.map((step) => [step.label, step.state])).toEqual([
      ['Received', 'done'],
      ['Quote sent', 'done'],
      ['Cancelled', 'current'],
    ]);
  });

  it('never marks a step nobody took: a proof approved with its quote skips "Proof sent"', () => {
    const timeline = timelineOf('in_production', {
      new: '2026-03-01T10:00:00.000Z',
      quoted: '2026-03-02T09:00:00.000Z',
      approved: '2026-03-03T09:00:00.000Z',
      proof_approved: '2026-03-03T09:00:00.000Z',
      in_production: '2026-03-04T09:00:00.000Z',
    });
    expect(timeline.map((step) => [step.label, step.state])).toEqual([
      ['Received', 'done'],
      ['Quote sent', 'done'],
      ['Approved', 'done'],
      ['Proof approved', 'done'],
      ['In production', 'current'],
      ['Ready', 'ahead'],
      ['Completed', 'ahead'],
    ]);
  });

  it('says who is waiting, and allows a cancel only before approval', () => {
    expect(nextStepOf('new').waitingOn).toBe('shop');
    expect(nextStepOf('proof_sent').waitingOn).toBe('customer');
    expect(customerCancellable).toEqual(['new', 'quoted']);
  });
});
