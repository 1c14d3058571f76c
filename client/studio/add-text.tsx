import { type FormEvent, useId, useState } from 'react';
import { MAX_TEXT_LENGTH } from '#shared/studio/design-schema.ts';
import { fieldClass } from './studio-fields.tsx';

/** A line of lettering to add: typed, then added with the button or Enter. */
export function AddText({ onAdd }: { onAdd: (text: string) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const line = text.trim();
    if (!line) return;
    onAdd(line);
    setText('');
  }
  return (
    <form onSubmit={submit} aria-label="Add text" className="grid gap-2">
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        Text to add
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          value={text}
          maxLength={MAX_TEXT_LENGTH}
          onChange={(event) => setText(event.target.value)}
          placeholder="EAGLES"
          className={`${fieldClass} mt-0`}
        />
        <button
          type="submit"
          className="min-h-11 shrink-0 rounded-full bg-stone-900 px-4 text-sm font-semibold text-white hover:bg-stone-700"
        >
          Add text
        </button>
      </div>
    </form>
  );
}
