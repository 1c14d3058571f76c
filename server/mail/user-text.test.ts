import { describe, expect, it } from 'vitest';
import { inertText } from './user-text.ts';

describe('typed text quoted in a mail', () => {
  it('breaks web addresses so no mail program links them, and stays readable', () => {
    expect(inertText('Claim at https://evil.example/login or www.evil.example')).toBe(
      'Claim at https[:]//evil[.]example/login or www[.]evil[.]example',
    );
    expect(inertText('mail me: joe@evil.example, or 10.0.0.1/x')).toBe(
      'mail me: joe@evil[.]example, or 10[.]0[.]0[.]1/x',
    );
  });

  it('leaves prices, stops and plain names as typed', () => {
    expect(inertText('Hornets U12. Shirts at $3.50 each. J. R. Smith')).toBe(
      'Hornets U12. Shirts at $3.50 each. J. R. Smith',
    );
  });
});
