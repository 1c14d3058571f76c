import { type ChangeEvent, useId, useRef } from 'react';
import { ARTWORK_MAX_FILE_BYTES } from '#shared/submissions/artwork.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';

/** What the quote form's artwork field takes, less the files a browser cannot draw (PDF, AI, EPS). */
const PICTURE_ACCEPT = '.png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml';

/**
 * "Add your picture": the customer's logo or photo as a layer. A plain file input, so the keyboard and a
 * screen reader reach it as any other; the input is emptied after each choice so the same file may be
 * added twice.
 */
export function AddPicture({ onAdd }: { onAdd: (file: File) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (file) onAdd(file);
    if (input.current) input.current.value = '';
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        Add your picture
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={PICTURE_ACCEPT}
        onChange={onChange}
        aria-describedby={`${id}-hint`}
        className="mt-1 block w-full rounded-lg border border-dashed border-stone-400 bg-stone-50 p-3 text-sm text-stone-700 file:mr-4 file:rounded-full file:border-0 file:bg-stone-900 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-stone-700"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
        A logo or a photo: PNG, JPEG or SVG, up to {formatBytes(ARTWORK_MAX_FILE_BYTES)}. It is sent with your request.
      </p>
    </div>
  );
}
