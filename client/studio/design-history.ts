/**
 * The studio's undo and redo: a list of whole design states, not of edits, so undoing can never leave a
 * design half changed. Typing in one field joins one entry (the `group`), so Ctrl+Z undoes the word typed,
 * not its last letter.
 */
import type { DesignLayer } from '#shared/studio/design-schema.ts';

/** One location's layers (first drawn first) and which is selected. */
export interface DesignState {
  layers: DesignLayer[];
  selected: number | null;
  /** What the change that made this state did, in words: undo and redo say it again. */
  change: string;
}

export interface History {
  past: DesignState[];
  present: DesignState;
  future: DesignState[];
  /** The group of the last change, to join the next change of the same group. */
  group: string | null;
}

/** Far more than a customer undoes; it keeps memory bounded on a phone. */
const MAX_STEPS = 200;

export function startHistory(present: DesignState): History {
  return { past: [], present, future: [], group: null };
}

export function record(history: History, next: DesignState, group: string | null = null): History {
  if (group !== null && group === history.group) return { ...history, present: next, future: [] };
  return { past: [...history.past, history.present].slice(-MAX_STEPS), present: next, future: [], group };
}

/** Selecting a layer is not an edit: undo skips it. */
export function select(history: History, selected: number | null): History {
  return { ...history, present: { ...history.present, selected }, group: null };
}

export function undo(history: History): History {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    group: null,
  };
}

export function redo(history: History): History {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: rest, group: null };
}
