/**
 * What a visitor typed or chose in an island's server HTML before its code arrived (island.tsx). React
 * hydrates a form control without touching its value, but the part's state still holds the server's
 * values, and the next render would put those back. So the edits are read in the commit that hydrated
 * the part, and then told to the part as the browser tells them: one input, change or click event per
 * control, each after the last has been rendered, as if the visitor had made them just now.
 *
 * A control the visitor changes again while they are being told (typing on as the code arrived) is
 * left out: the part, hydrated, heard that change itself with the control's whole value, and telling
 * the older value would undo it (a quantity typed as "150" went back to the empty field it was).
 * A field the visitor types into before its turn is told at once, before their key lands: the part's
 * first render may have put the server's value back into it meanwhile, and the key would land on that
 * ("12", emptied, then "36" pasted, read "1236").
 */

type FormControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export type Edit =
  | { control: HTMLInputElement | HTMLTextAreaElement; kind: 'value'; value: string }
  | { control: HTMLInputElement; kind: 'checked'; checked: boolean }
  | { control: HTMLSelectElement; kind: 'selected'; selected: boolean[] }
  | { control: HTMLInputElement; kind: 'files' };

const NOT_EDITABLE = new Set(['hidden', 'submit', 'button', 'reset', 'image']);

/** The option a select shows when nobody has chosen: the last marked selected, else the first enabled. */
function defaultIndex(select: HTMLSelectElement): number {
  const options = [...select.options];
  const marked = options.findLastIndex((option) => option.defaultSelected);
  return marked >= 0 ? marked : options.findIndex((option) => !option.disabled);
}

function editOf(control: FormControl): Edit | null {
  if (control.disabled) return null;
  if (control instanceof HTMLSelectElement) {
    const changed = control.multiple
      ? [...control.options].some((option) => option.selected !== option.defaultSelected)
      : control.selectedIndex !== defaultIndex(control);
    return changed
      ? { control, kind: 'selected', selected: [...control.options].map((option) => option.selected) }
      : null;
  }
  if (control instanceof HTMLTextAreaElement)
    return control.value === control.defaultValue ? null : { control, kind: 'value', value: control.value };
  if (NOT_EDITABLE.has(control.type)) return null;
  if (control.type === 'file') return control.files && control.files.length > 0 ? { control, kind: 'files' } : null;
  if (control.type === 'checkbox' || control.type === 'radio') {
    // A radio unchecked by choosing another is told through the one chosen.
    if (control.checked === control.defaultChecked || (control.type === 'radio' && !control.checked)) return null;
    return { control, kind: 'checked', checked: control.checked };
  }
  return control.value === control.defaultValue ? null : { control, kind: 'value', value: control.value };
}

/** The controls inside `root` whose value differs from the one the server wrote. */
export function editsBefore(root: Element): Edit[] {
  return [...root.querySelectorAll<FormControl>('input, textarea, select')]
    .map(editOf)
    .filter((edit): edit is Edit => edit !== null);
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function setValue(control: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const nativeSetter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  const focused = document.activeElement === control;
  let selection: [number | null, number | null] = [null, null];
  try {
    selection = [control.selectionStart, control.selectionEnd];
  } catch {
    // Not every input type has a selection.
  }
  // Set through the element first (what React last saw of it becomes something else), then past it:
  // React compares the two when the input event comes and hands the part the value.
  control.value = value === '' ? ' ' : '';
  nativeSetter?.call(control, value);
  control.dispatchEvent(new Event('input', { bubbles: true }));
  const [start, end] = selection;
  if (focused && start !== null && end !== null) {
    try {
      control.setSelectionRange(start, end);
    } catch {
      // As above.
    }
  }
}

function tell(edit: Edit) {
  switch (edit.kind) {
    case 'value':
      setValue(edit.control, edit.value);
      break;
    case 'checked':
      // The opposite first; the click (what React listens to for these) turns it back to the visitor's choice.
      edit.control.checked = !edit.checked;
      edit.control.click();
      break;
    case 'selected':
      [...edit.control.options].forEach((option, index) => {
        option.selected = edit.selected[index] ?? false;
      });
      edit.control.dispatchEvent(new Event('change', { bubbles: true }));
      break;
    case 'files':
      edit.control.dispatchEvent(new Event('change', { bubbles: true }));
      break;
  }
}

/**
 * Tells the hydrated part each edit, in the page's order, each once the one before has been rendered;
 * resolves once the last has been rendered too.
 */
export async function carryOverEdits(edits: Edit[]): Promise<void> {
  const untold = new Set(edits);
  const changedSince = new Set<EventTarget>();
  const hear = (event: Event) => {
    if (event.isTrusted && event.target) changedSince.add(event.target);
  };
  // Before the browser applies the visitor's key or paste: what it lands on is then their own value.
  const typingOn = (event: Event) => {
    if (!event.isTrusted) return;
    const edit = [...untold].find((each) => each.control === event.target && each.kind === 'value');
    if (!edit) return;
    untold.delete(edit);
    tell(edit);
  };
  for (const type of CHANGES) document.addEventListener(type, hear, true);
  document.addEventListener('beforeinput', typingOn, true);
  try {
    for (const edit of edits) {
      await nextTask();
      if (untold.delete(edit) && edit.control.isConnected && !changedAgain(edit, changedSince)) tell(edit);
    }
    await nextTask();
  } finally {
    for (const type of CHANGES) document.removeEventListener(type, hear, true);
    document.removeEventListener('beforeinput', typingOn, true);
  }
}

/** What the browser fires when the visitor changes a control (only theirs are trusted; ours are not). */
const CHANGES = ['input', 'change'] as const;

/** Whether the visitor changed this control (for a radio, its group) since the edits were read. */
function changedAgain(edit: Edit, changedSince: ReadonlySet<EventTarget>): boolean {
  if (changedSince.has(edit.control)) return true;
  const { control } = edit;
  if (!(control instanceof HTMLInputElement) || control.type !== 'radio') return false;
  return [...changedSince].some(
    (target) =>
      target instanceof HTMLInputElement &&
      target.type === 'radio' &&
      target.name === control.name &&
      target.form === control.form,
  );
}
