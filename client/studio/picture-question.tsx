import { type FormEvent, useEffect, useId, useState } from 'react';
import { MAX_UPLOAD_COLOURS, type UploadLayer } from '#shared/studio/design-schema.ts';
import { fieldClass } from './studio-fields.tsx';

/** Where the studio is with a picture's colours: reading them, read, or left to the customer to say. */
export type ColourQuestion =
  | { kind: 'asking' }
  | { kind: 'answered'; count: number; soft: boolean; sentence: string }
  | { kind: 'unknown'; reason: string };

const button =
  'min-h-11 rounded-full border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-900 hover:bg-stone-100';

/**
 * The picture's colours, asked in words: "We see 3 colours: navy, gold, white — is that right?", with Yes
 * and "No, it has N colours". The count confirmed is what the screens and the price count. A photo or a
 * gradient is said to suit direct to garment, with a way to switch to it when the garment offers it.
 */
export function PictureQuestion({
  layer,
  question,
  onCount,
  onSwitchToDtg,
  fullColour,
}: {
  layer: UploadLayer;
  /** Direct to garment: every shade prints and nothing is priced per colour, so nothing is asked. */
  fullColour: boolean;
  question: ColourQuestion | undefined;
  onCount: (colours: number) => void;
  /** Absent when the method is direct to garment already, or the garment is not printed that way. */
  onSwitchToDtg: (() => void) | undefined;
}) {
  const id = useId();
  const seen = question?.kind === 'answered' ? question.count : undefined;
  const [other, setOther] = useState(() => String(layer.colours ?? seen ?? 1));
  // The count the server saw, once it arrives, is where the customer's correction starts.
  useEffect(() => {
    if (seen !== undefined && !layer.colours) setOther(String(Math.min(Math.max(seen, 1), MAX_UPLOAD_COLOURS)));
  }, [seen, layer.colours]);
  const typed = Number(other);
  const valid = Number.isInteger(typed) && typed >= 1 && typed <= MAX_UPLOAD_COLOURS;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (valid) onCount(typed);
  }
  if (fullColour)
    return (
      <section aria-labelledby={`${id}-heading`} className="grid gap-2 rounded-lg bg-stone-50 p-3 sm:col-span-2">
        <h3 id={`${id}-heading`} className="text-base font-bold">
          Colours in the picture
        </h3>
        <p className="text-sm text-stone-800" data-testid="picture-colours">
          Direct to garment prints every shade of it: there are no colours to count.
        </p>
      </section>
    );
  let words: string;
  if (layer.colours)
    words = `You said it has ${layer.colours} ${layer.colours === 1 ? 'colour' : 'colours'}: each is an ink.`;
  else if (!question) words = 'How many colours does it have? Each colour is an ink.';
  else if (question.kind === 'asking') words = 'Reading the picture’s colours…';
  else if (question.kind === 'unknown') words = question.reason;
  else words = question.sentence;
  const askYes = !layer.colours && question?.kind === 'answered' && !question.soft && question.count > 0;
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3 rounded-lg bg-stone-50 p-3 sm:col-span-2">
      <h3 id={`${id}-heading`} className="text-base font-bold">
        Colours in the picture
      </h3>
      <p id={`${id}-words`} className="text-sm text-stone-800" data-testid="picture-colours">
        {words}
      </p>
      {question?.kind === 'answered' && question.soft && onSwitchToDtg ? (
        <div>
          <button type="button" onClick={onSwitchToDtg} className={button}>
            Switch to direct to garment (DTG)
          </button>
        </div>
      ) : null}
      <form onSubmit={submit} aria-describedby={`${id}-words`} className="flex flex-wrap items-end gap-2">
        {askYes ? (
          <button type="button" onClick={() => onCount(question.count)} className={button}>
            Yes
          </button>
        ) : null}
        <div>
          <label htmlFor={`${id}-count`} className="block text-sm font-semibold text-stone-800">
            {askYes ? 'How many then?' : 'Colours'}
          </label>
          <input
            id={`${id}-count`}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_UPLOAD_COLOURS}
            step={1}
            value={other}
            onChange={(event) => setOther(event.target.value)}
            className={`${fieldClass} w-24`}
          />
        </div>
        <button type="submit" disabled={!valid} className={`${button} disabled:text-stone-500`}>
          {askYes ? 'No, it has' : 'It has'} {valid ? typed : 'N'} {typed === 1 ? 'colour' : 'colours'}
        </button>
      </form>
    </section>
  );
}
