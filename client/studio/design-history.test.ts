import { describe, expect, it } from 'vitest';
import type { DesignLayer } from '#shared/studio/design-schema.ts';
import { record, redo, select, startHistory, undo } from './design-history.ts';

const motif = (x: number): DesignLayer => ({
  kind: 'motif',
  motifId: 'star',
  inkId: 'white',
  widthInches: 2,
  x,
  y: 2,
  rotation: 0,
});
const state = (x: number, change = `at ${x}`) => ({ layers: [motif(x)], selected: 0, change });

describe('design history', () => {
  it('undoes and redoes whole design states, and a new change drops what could be redone', () => {
    let history = record(record(startHistory(state(1)), state(2)), state(3));
    history = undo(history);
    expect(history.present.layers[0]?.x).toBe(2);
    history = redo(history);
    expect(history.present.layers[0]?.x).toBe(3);
    history = record(undo(history), state(9));
    expect(redo(history)).toBe(history);
    expect(undo(undo(history)).present.layers[0]?.x).toBe(1);
  });

  it('joins the changes of one field into one step, so an undo takes back the word typed', () => {
    let history = startHistory(state(1));
    for (const x of [2, 3, 4]) history = record(history, state(x), 'text-0');
    expect(undo(history).present.layers[0]?.x).toBe(1);
  });

  it('does not count selecting a layer as a change to undo', () => {
    const history = select(record(startHistory(state(1)), state(2)), null);
    expect(undo(history).present.layers[0]?.x).toBe(1);
  });
});
