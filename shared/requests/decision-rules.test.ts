import { describe, expect, it } from 'vitest';
import { judgeDecision } from './decision-rules.ts';

const today = '2026-11-26';
const quote = { version: 2, validUntil: '2026-12-20' };

describe('a customer’s answer to a quote or proof', () => {
  it('approves the newest open quote and moves the request to Approved', () => {
    expect(
      judgeDecision(
        { status: 'quoted', latestQuote: quote },
        { subject: 'quote', version: 2, decision: 'approved' },
        today,
      ),
    ).toEqual({ ok: true, to: 'approved' });
  });

  it('refuses a replaced version, an answer nobody waits for, and a quote past its date', () => {
    const asked = { subject: 'quote', version: 1, decision: 'approved' } as const;
    expect(judgeDecision({ status: 'quoted', latestQuote: quote }, asked, today)).toEqual({
      ok: false,
      refusal: 'superseded',
    });
    expect(judgeDecision({ status: 'approved', latestQuote: quote }, { ...asked, version: 2 }, today)).toEqual({
      ok: false,
      refusal: 'not-waiting',
    });
    expect(
      judgeDecision(
        { status: 'quoted', latestQuote: { version: 2, validUntil: '2026-11-25' } },
        { ...asked, version: 2 },
        today,
      ),
    ).toEqual({ ok: false, refusal: 'expired' });
  });

  it('takes a request for changes to an expired quote (it asks for a new one) without moving it', () => {
    expect(
      judgeDecision(
        { status: 'quoted', latestQuote: { version: 2, validUntil: '2026-11-01' } },
        { subject: 'quote', version: 2, decision: 'changes' },
        today,
      ),
    ).toEqual({ ok: true });
  });

  it('approves a draft proof sent with the quote together with it, straight to Proof approved', () => {
    const state = { status: 'quoted', latestQuote: quote, latestProof: { version: 1, approved: false } } as const;
    expect(judgeDecision(state, { subject: 'quote', version: 2, decision: 'approved' }, today)).toEqual({
      ok: true,
      to: 'proof_approved',
      withProof: 1,
    });
    // The draft itself waits for the quote: it is not answered on its own.
    expect(judgeDecision(state, { subject: 'proof', version: 1, decision: 'approved' }, today)).toEqual({
      ok: false,
      refusal: 'not-waiting',
    });
  });

  it('leaves a proof approved before a revised quote alone', () => {
    const state = { status: 'quoted', latestQuote: quote, latestProof: { version: 1, approved: true } } as const;
    expect(judgeDecision(state, { subject: 'quote', version: 2, decision: 'approved' }, today)).toEqual({
      ok: true,
      to: 'approved',
    });
  });

  it('approves the newest proof while it is waiting', () => {
    expect(
      judgeDecision(
        { status: 'proof_sent', latestQuote: quote, latestProof: { version: 3, approved: false } },
        { subject: 'proof', version: 3, decision: 'approved' },
        today,
      ),
    ).toEqual({ ok: true, to: 'proof_approved' });
  });
});
