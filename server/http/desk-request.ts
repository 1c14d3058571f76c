import type { Request, Response } from 'express';
import createHttpError from 'http-errors';
import { isRecord } from '#shared/is-record.ts';

// What every desk route reads of its request, whichever feature mounts it: the staff member the desk's
// gate let in, a posted text field, the request named in the address.

const referencePattern = /^[QC]-\d{4}-\d{6}$/;

/** The staff member signed in for this request (set once the desk's sign-in check passed). */
export function staffOf(res: Response): string {
  return res.locals.staff as string;
}

/** A posted text field, line endings made plain and trimmed; '' when absent. */
export function textField(body: unknown, name: string): string {
  const value = isRecord(body) ? body[name] : undefined;
  return typeof value === 'string' ? value.replace(/\r\n/g, '\n').trim() : '';
}

/** The request named in the address, or a 404. */
export function referenceOf(req: Request): string {
  const reference = req.params.reference;
  if (typeof reference !== 'string' || !referencePattern.test(reference)) throw noSuchRequest();
  return reference;
}

export function noSuchRequest() {
  return createHttpError(404, 'There is no request with that reference.');
}
