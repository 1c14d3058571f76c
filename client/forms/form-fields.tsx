import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { type FieldIds, useFieldIds } from './form-fields-context.tsx';

/**
 * The one field kit: label, control, hint and error, tied together with aria-describedby and
 * aria-invalid, for the quote and contact forms and the price calculators. The forms leave their
 * controls uncontrolled (defaultValue): the browser owns what the visitor typed, the form posts the same
 * way with or without JavaScript, and the page reads the values with FormData when it needs them. The
 * calculators pass value and onChange instead, because the price follows every keystroke.
 */

/** scroll-mt: a field that takes focus lands clear of the sticky header. */
const controlClass =
  'mt-1 block w-full scroll-mt-8 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base shadow-sm disabled:bg-stone-100 disabled:text-stone-600 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700';
export const labelClass = 'block text-sm font-semibold text-stone-800';
export const hintClass = 'mt-1 text-sm text-stone-600';

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-red-800">
      {error}
    </p>
  );
}

/** What ties a control to its hint and error: screen readers read both with the label. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

/** What ties a control to its hint and its error, and marks it invalid while it has one. */
function ariaProps(ids: FieldIds, hint: ReactNode) {
  return {
    'aria-invalid': ids.error ? true : undefined,
    'aria-describedby': describedBy(hint ? ids.hintId : undefined, ids.error ? ids.errorId : undefined),
  } as const;
}

interface FieldFrameProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Says "(optional)" after the label; the rest are required. */
  optional?: boolean;
  className?: string;
}

function FieldFrame({
  ids,
  label,
  hint,
  optional,
  className,
  children,
}: Omit<FieldFrameProps, 'name'> & { ids: FieldIds; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={ids.id} className={labelClass}>
        {label}
        {optional ? <span className="font-normal text-stone-600"> (optional)</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={ids.hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
      <FieldError id={ids.errorId} error={ids.error} />
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'className'> & {
  inputRef?: Ref<HTMLInputElement>;
};

export function TextField({
  name,
  label,
  hint,
  optional,
  className,
  inputRef,
  ...input
}: FieldFrameProps & InputProps) {
  const ids = useFieldIds(name);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} optional={optional} className={className}>
      <input
        id={ids.id}
        name={name}
        ref={inputRef}
        type="text"
        required={!optional}
        {...input}
        {...ariaProps(ids, hint)}
        className={controlClass}
      />
    </FieldFrame>
  );
}

export function TextAreaField({
  name,
  label,
  hint,
  optional,
  className,
  ...textarea
}: FieldFrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id' | 'className'>) {
  const ids = useFieldIds(name);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} optional={optional} className={className}>
      <textarea
        id={ids.id}
        name={name}
        rows={4}
        required={!optional}
        {...textarea}
        {...ariaProps(ids, hint)}
        className={controlClass}
      />
    </FieldFrame>
  );
}

export interface Choice {
  value: string;
  label: string;
  /** Consecutive choices with the same group are listed under it (an optgroup): "Hoodies". */
  group?: string;
}

/** The choices as options, each run of one group inside its optgroup. */
function optionsOf(options: readonly Choice[]) {
  const runs: { group: string | undefined; choices: Choice[] }[] = [];
  for (const choice of options) {
    const last = runs.at(-1);
    if (last && last.group === choice.group) last.choices.push(choice);
    else runs.push({ group: choice.group, choices: [choice] });
  }
  return runs.map((run, index) => {
    const items = run.choices.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ));
    return run.group ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: runs keep their order; a group may come back later.
      <optgroup key={`${run.group}-${index}`} label={run.group}>
        {items}
      </optgroup>
    ) : (
      items
    );
  });
}

export function SelectField({
  name,
  label,
  hint,
  optional,
  className,
  options,
  ...select
}: FieldFrameProps & { options: readonly Choice[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'name' | 'id' | 'className'
  >) {
  const ids = useFieldIds(name);
  // A select whose first choice is a real value always has one: HTML allows `required` only with an empty
  // placeholder first, so such a field is marked required for assistive technology alone.
  const placeholderFirst = options[0]?.value === '' && !options[0]?.group;
  return (
    <FieldFrame ids={ids} label={label} hint={hint} optional={optional} className={className}>
      <select
        id={ids.id}
        name={name}
        {...(placeholderFirst ? { required: !optional } : { 'aria-required': !optional || undefined })}
        {...select}
        {...ariaProps(ids, hint)}
        className={controlClass}
      >
        {optionsOf(options)}
      </select>
    </FieldFrame>
  );
}

export function CheckboxField({
  name,
  label,
  className,
  ...input
}: { name: string; label: ReactNode; className?: string } & Omit<InputProps, 'type' | 'inputRef'>) {
  const ids = useFieldIds(name);
  return (
    <div className={className}>
      <label className="flex items-start gap-3">
        <input
          id={ids.id}
          name={name}
          type="checkbox"
          {...input}
          {...ariaProps(ids, undefined)}
          className="mt-1 size-5 accent-brand-700"
        />
        <span>{label}</span>
      </label>
      <FieldError id={ids.errorId} error={ids.error} />
    </div>
  );
}

/**
 * A group of fields under a heading: fieldset and legend, so each control is read with its group. Meant
 * to sit with its siblings in one container: the first one has no rule above it.
 */
export function FormSection({
  title,
  description,
  descriptionId,
  bodyClassName = 'sm:grid-cols-2',
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Given when the description should be read with the group (a hint, an error), not only seen. */
  descriptionId?: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      aria-describedby={descriptionId}
      className="min-w-0 border-t border-stone-200 pt-6 first:border-t-0 first:pt-0"
    >
      <legend className="float-left w-full text-lg font-bold text-stone-900">{title}</legend>
      {description ? (
        <p id={descriptionId} className="clear-left pt-1 text-sm text-stone-600">
          {description}
        </p>
      ) : null}
      <div className={`clear-left grid gap-4 pt-4 ${bodyClassName}`}>{children}</div>
    </fieldset>
  );
}
