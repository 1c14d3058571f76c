import { describe, expect, it } from 'vitest';
import { foldForSearch, requestSearchText } from './search-text.ts';

describe('text folded for search', () => {
  it('ignores case and accents, so "castaneda" finds Castañeda', () => {
    expect(foldForSearch('Castañeda')).toBe('castaneda');
    expect(foldForSearch('CASTAÑEDA')).toBe(foldForSearch('castaneda'));
    expect(foldForSearch('Zoë Ångström')).toBe('zoe angstrom');
  });

  it('folds ligatures and full-width letters too', () => {
    expect(foldForSearch('ﬁeld Ｔｅａｍ')).toBe('field team');
  });

  it('holds the reference, name, e-mail and company of a request, one per line', () => {
    expect(
      requestSearchText({ reference: 'Q-2026-000001', name: 'José', email: 'Jose@X.example', company: 'Café Ñ' }),
    ).toBe('q-2026-000001\njose\njose@x.example\ncafe n');
    expect(requestSearchText({ reference: 'C-2026-000002', name: 'A', email: 'a@b.example', company: 7 })).toBe(
      'c-2026-000002\na\na@b.example\n',
    );
  });
});
