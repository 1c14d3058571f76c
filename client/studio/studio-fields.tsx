import { type ReactNode, useEffect, useId, useState } from 'react';
import { inks } from '#shared/studio/inks.ts';

export const fieldClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900';
const labelClass = 'block text-sm font-semibold text-stone-800';

/**
 * A number typed freely: the draft is kept while it is not a number yet ("1." on the way to "1.5") and the
 * design takes each value that is one; an undo or a fit shows the design's value again.
 */
export function NumberField({
  label,
  value,
  onValue,
  min,
  max,
  step,
  unit,
}: {
  label: string;
  value: number;
  onValue: (value: number) => void;
  min: number;
  max: number;
  step: number;
  unit?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  useEffect(() => {
    setDraft((before) => (Number(before) === value ? before : String(value)));
  }, [value]);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {unit ? <span className="font-normal text-stone-600"> ({unit})</span> : null}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          const next = Number(event.target.value);
          if (event.target.value.trim() !== '' && Number.isFinite(next) && next >= min && next <= max) onValue(next);
        }}
        className={fieldClass}
      />
    </div>
  );
}

export function SelectBox({
  label,
  value,
  onValue,
  children,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onValue(event.target.value)} className={fieldClass}>
        {children}
      </select>
    </div>
  );
}

/** The shop's inks by name: a swatch alone would leave out whoever cannot tell the colours apart. */
export function InkSelect({ label, value, onValue }: { label: string; value: string; onValue: (id: string) => void }) {
  return (
    <SelectBox label={label} value={value} onValue={onValue}>
      {inks.map((ink) => (
        <option key={ink.id} value={ink.id}>
          {ink.name}
        </option>
      ))}
    </SelectBox>
  );
}

export function TextBox({
  label,
  value,
  onValue,
  maxLength,
  hint,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  maxLength: number;
  hint?: string;
}) {
  const id = useId();
  // A layer's text cannot be empty, but the field may be on the way to another word: the draft is kept, and
  // the design takes each text that is not blank.
  const [draft, setDraft] = useState(value);
  useEffect(() => {
    setDraft((before) => (before.trim() === '' || before === value ? before : value));
  }, [value]);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        value={draft}
        maxLength={maxLength}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          if (event.target.value.trim() !== '') onValue(event.target.value);
        }}
        className={fieldClass}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-amber-900">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
