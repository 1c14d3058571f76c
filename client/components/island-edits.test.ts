// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { carryOverEdits, editsBefore } from './island-edits.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

/** An event as the browser fires it for the visitor (trusted), which a script's own never is. */
function byTheVisitor(type: string): Event {
  const event = new Event(type, { bubbles: true });
  Object.defineProperty(event, 'isTrusted', { value: true });
  return event;
}

function serverHtml(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

describe('edits made before an island hydrated', () => {
  it('leaves a field the visitor changed again meanwhile, so keys typed after hydration are not undone', async () => {
    const root = serverHtml('<input name="q" value="12">');
    const input = root.querySelector('input') as HTMLInputElement;
    const heard: string[] = [];
    input.addEventListener('input', () => heard.push(input.value));
    // Cleared before the code came (what the hydrating commit reads), then "150" typed after it.
    input.value = '';
    const edits = editsBefore(root);
    expect(edits).toHaveLength(1);
    const telling = carryOverEdits(edits);
    input.value = '150';
    input.dispatchEvent(byTheVisitor('input'));
    await telling;
    expect(input.value).toBe('150');
    expect(heard.at(-1)).toBe('150');
  });

  it('tells a field its edit before a key typed into it lands, when the part had put the server’s value back', async () => {
    const root = serverHtml('<input name="q" value="12">');
    const input = root.querySelector('input') as HTMLInputElement;
    const heard: string[] = [];
    input.addEventListener('input', () => heard.push(input.value));
    input.value = '';
    const edits = editsBefore(root);
    const telling = carryOverEdits(edits);
    // The part's first render restores "12"; the visitor pastes "36" into what they emptied.
    input.value = '12';
    input.dispatchEvent(byTheVisitor('beforeinput'));
    expect(input.value).toBe('');
    input.value = '36';
    input.dispatchEvent(byTheVisitor('input'));
    await telling;
    expect(input.value).toBe('36');
    expect(heard).toEqual(['', '36']);
  });

  it('leaves a radio alone when another of its group was chosen since', async () => {
    const root = serverHtml(
      '<input type="radio" name="delivery" value="pickup" checked><input type="radio" name="delivery" value="ship">',
    );
    const [pickup, ship] = [...root.querySelectorAll('input')] as HTMLInputElement[];
    if (!pickup || !ship) throw new Error('No radios');
    ship.checked = true;
    const edits = editsBefore(root);
    expect(edits.map((edit) => edit.control)).toEqual([ship]);
    const telling = carryOverEdits(edits);
    pickup.checked = true;
    pickup.dispatchEvent(byTheVisitor('change'));
    await telling;
    expect(pickup.checked).toBe(true);
    expect(ship.checked).toBe(false);
  });

  it('tells a field the value typed before the code came when nothing changed it since', async () => {
    const root = serverHtml('<input name="q" value="12">');
    const input = root.querySelector('input') as HTMLInputElement;
    input.value = '72';
    const edits = editsBefore(root);
    // The part's first render puts its own state back into the field.
    input.value = '12';
    await carryOverEdits(edits);
    expect(input.value).toBe('72');
  });

  it('tells a select the choice it shows', async () => {
    const root = serverHtml('<select name="garment"><option>Own</option><option>Gildan</option></select>');
    const select = root.querySelector('select') as HTMLSelectElement;
    const heard: string[] = [];
    select.addEventListener('change', () => heard.push(select.value));
    select.selectedIndex = 1;
    const edits = editsBefore(root);
    await carryOverEdits(edits);
    expect(heard).toEqual(['Gildan']);
  });
});
