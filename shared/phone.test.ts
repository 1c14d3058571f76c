import { expect, it } from 'vitest';
import { formatUsPhone } from './phone.ts';

it('formats a US E.164 number the way US visitors read it', () => {
  expect(formatUsPhone('+15550100123')).toBe('(555) 010-0123');
});

it('leaves any other number as it is rather than garbling it', () => {
  expect(formatUsPhone('+442079460000')).toBe('+442079460000');
});
