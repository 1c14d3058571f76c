import { z } from '#shared/zod.ts';
import type { RequestStatus } from './request-status.ts';

/**
 * Notes pinned on a proof: what a note may say and where it may sit. One schema for the page's fields,
 * the customer's post and the desk's, so the browser's limits and the server's refusals agree.
 */

/** The longest note or answer, as the quote form's comments: a paragraph, never a file pasted in. */
export const PIN_NOTE_MAX = 2000;
/** The longest "where" in words ("left sleeve, under the logo"). */
export const PIN_PLACE_MAX = 200;

/** Where notes can still be written on the newest proof: while it waits, or while the shop works on the next. */
export const pinStatuses: readonly RequestStatus[] = ['quoted', 'approved', 'proof_sent'];

/** Why a note was refused, as the page says it. */
export const pinNotices = {
  'pin-added': { type: 'success', text: 'Your note is pinned on the proof. The other side sees it now.' },
  'pin-answered': { type: 'success', text: 'Your answer is added under the note.' },
  'pin-done': { type: 'success', text: 'The note is marked done.' },
  'pin-reopened': { type: 'success', text: 'The note is open again.' },
  'pin-empty': { type: 'error', text: 'Write the note first: it was empty, and nothing was kept.' },
  'pin-long': {
    type: 'error',
    text: `A note can be up to ${PIN_NOTE_MAX.toLocaleString('en-US')} characters: make it shorter. Nothing was kept.`,
  },
  'pin-outside': {
    type: 'error',
    text: 'That point is outside the proof: click or tap on the picture itself. Nothing was kept.',
  },
  'pin-place-long': {
    type: 'error',
    text: `Say where in up to ${PIN_PLACE_MAX} characters. Nothing was kept.`,
  },
  'pin-superseded': {
    type: 'error',
    text: 'That proof has been replaced by a newer version (shown below): notes go on the newest one. Nothing was kept.',
  },
  'pin-closed': {
    type: 'error',
    text: 'Notes can no longer be written on this proof: it is approved or the order has moved on. Nothing was kept.',
  },
  'pin-missing': { type: 'error', text: 'There is no such note or proof on this order. Nothing was kept.' },
} as const;

export type PinProblem = Exclude<keyof typeof pinNotices, 'pin-added' | 'pin-answered' | 'pin-done' | 'pin-reopened'>;

/** A fraction of the picture's width or height, posted as text: '' for none. */
const fraction = z
  .string()
  .trim()
  .max(20)
  .refine((value) => value === '' || /^-?\d+(\.\d+)?(e-?\d+)?$/i.test(value), 'pin-outside');

const field = (value: unknown) => (typeof value === 'string' ? value.replace(/\r\n/g, '\n').trim() : '');

/** A note as posted: its text, its point as fractions (both or neither), and where in words. */
export interface PinNote {
  x: number | null;
  y: number | null;
  place: string;
  text: string;
}

/** The note's words: never empty, never longer than the limit (refused whole, never cut). */
export function readPinText(value: unknown): { ok: true; text: string } | { ok: false; problem: PinProblem } {
  const text = field(value);
  if (text === '') return { ok: false, problem: 'pin-empty' };
  if (text.length > PIN_NOTE_MAX) return { ok: false, problem: 'pin-long' };
  return { ok: true, text };
}

/** A posted note read and checked: a point outside the picture (or half a point) is refused, not moved inside. */
export function readPinNote(body: unknown): { ok: true; note: PinNote } | { ok: false; problem: PinProblem } {
  const values = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const text = readPinText(values.text);
  if (!text.ok) return text;
  const place = field(values.place);
  if (place.length > PIN_PLACE_MAX) return { ok: false, problem: 'pin-place-long' };
  const x = fraction.safeParse(typeof values.x === 'string' ? values.x : '');
  const y = fraction.safeParse(typeof values.y === 'string' ? values.y : '');
  if (!x.success || !y.success) return { ok: false, problem: 'pin-outside' };
  if (x.data === '' && y.data === '') return { ok: true, note: { x: null, y: null, place, text: text.text } };
  const point = [Number(x.data), Number(y.data)];
  if (x.data === '' || y.data === '' || point.some((value) => !Number.isFinite(value) || value < 0 || value > 1)) {
    return { ok: false, problem: 'pin-outside' };
  }
  // Four decimals: a tenth of a pixel on a 1,000-pixel proof, and the same number on both databases.
  const [px, py] = point.map((value) => Math.round(value * 10_000) / 10_000) as [number, number];
  return { ok: true, note: { x: px, y: py, place, text: text.text } };
}

/** A pinned note as both pages show it. */
export interface PinView {
  number: number;
  version: number;
  x: number | null;
  y: number | null;
  place: string;
  text: string;
  /** "You", the shop's name, or the staff member: worded by the page's side. */
  who: string;
  fromCustomer: boolean;
  at: string;
  done: boolean;
  replies: { who: string; fromCustomer: boolean; text: string; at: string }[];
}
