import { describe, expect, it } from 'vitest';
import { serializeForScript } from './json-script.ts';

describe('serializeForScript', () => {
  it('cannot close the script element or open a comment', () => {
    const text = serializeForScript({ html: '</script><script>alert(1)</script><!-- & \u2028' });
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it('reads back unchanged with JSON.parse', () => {
    const value = { html: '</script><!--x-->', amp: 'Oak & Loom', line: 'a\u2028b\u2029c', nested: [1, null, true] };
    expect(JSON.parse(serializeForScript(value))).toEqual(value);
  });
});
