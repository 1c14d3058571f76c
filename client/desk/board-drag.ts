/**
 * The production board's drag and drop (/staff/board): a card dropped on another day fills its own
 * "Move press day to" field with that day and sends its form, the same post as typing the date and
 * pressing Move, so the server's rules, notice and activity line are the same. The desk is markup the
 * server renders without React, so this is the one script it loads, on the board only
 * (client/entry-desk-board.ts). Without it, or with a keyboard, the form does it all.
 */
export function enableBoardDrag(root: ParentNode): void {
  // Placed by the promised date, a drop would not say which press day is meant: only the press view drags.
  const board = root.querySelector('[data-board][data-by="press"]');
  if (!board) return;
  let dragged: HTMLElement | null = null;
  for (const card of board.querySelectorAll<HTMLElement>('article[data-reference]')) {
    card.draggable = true;
    card.addEventListener('dragstart', (event) => {
      dragged = card;
      if (event.dataTransfer) {
        event.dataTransfer.setData('text/plain', card.dataset.reference ?? '');
        event.dataTransfer.effectAllowed = 'move';
      }
      // Set through the CSSOM, which the CSP allows (it refuses style attributes in markup).
      card.style.opacity = '0.5';
    });
    card.addEventListener('dragend', () => {
      card.style.opacity = '';
      dragged = null;
    });
  }
  for (const day of board.querySelectorAll<HTMLElement>('section[data-day]')) {
    day.addEventListener('dragover', (event) => {
      if (!dragged) return;
      event.preventDefault();
      day.style.outline = '3px solid #1d4ed8';
    });
    day.addEventListener('dragleave', () => {
      day.style.outline = '';
    });
    day.addEventListener('drop', (event) => {
      event.preventDefault();
      day.style.outline = '';
      const form = dragged?.querySelector<HTMLFormElement>('form[data-move-form]');
      const field = form?.querySelector<HTMLInputElement>('input[name="date"]');
      const date = day.dataset.day;
      if (!form || !field || !date || field.value === date) return;
      field.value = date;
      form.requestSubmit();
    });
  }
}
