/**
 * What the studio learns of a picture's colours: the server reads a PNG or JPEG
 * (POST /api/designs/colours) and the customer confirms the count in words. An SVG's colours are the
 * shop's to count, as the server's route says.
 */
import { HttpError, request } from '#client/http-client.ts';
import { isRecord } from '#shared/is-record.ts';

export interface ColourAnswer {
  /** How many colours the server sees. */
  count: number;
  soft: boolean;
  sentence: string;
}

/** Asks the server; a refusal's message (or a plain sentence when nothing came back) is thrown. */
export async function askColours(file: File): Promise<ColourAnswer> {
  const body = new FormData();
  body.append('picture', file, file.name);
  try {
    const answer = await request<unknown>('/api/designs/colours', { method: 'POST', body });
    if (!isRecord(answer) || !Array.isArray(answer.colours) || typeof answer.sentence !== 'string')
      throw new Error('unreadable');
    return { count: answer.colours.length, soft: answer.soft === true, sentence: answer.sentence };
  } catch (error) {
    const message =
      error instanceof HttpError && isRecord(error.body) && typeof error.body.message === 'string'
        ? error.body.message
        : 'We could not read the picture’s colours just now: tell us how many it has.';
    throw new Error(message);
  }
}
