import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';

const from = (ip: string) => ({ ip, socket: {} }) as unknown as Request;

describe('clientKey', () => {
  it('is the IPv4 address itself', () => {
    expect(clientKey(from('203.0.113.5'))).toBe('203.0.113.5');
  });

  it('counts an IPv6 /56, the block one home or phone rotates through, as one visitor', () => {
    expect(clientKey(from('2001:db8:1:200::5'))).toBe(clientKey(from('2001:db8:1:2ff:abcd::9')));
    expect(clientKey(from('2001:db8:1:200::5'))).not.toBe(clientKey(from('2001:db8:1:300::5')));
  });
});
