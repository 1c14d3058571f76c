// The production board's drag and drop (/staff/board): a card dropped on another day fills its own "Move
// press day to" field with that day and sends its form, the same post as typing the date and pressing
// Move. Without this script (or with a keyboard) the form does it all; nothing here is needed.
const board = document.querySelector('[data-board][data-by="press"]');
if (board) {
  let dragged = null;
  for (const card of board.querySelectorAll('article[data-reference]')) {
    card.draggable = true;
    card.addEventListener('dragstart', (event) => {
      dragged = card;
      event.dataTransfer.setData('text/plain', card.dataset.reference);
      event.dataTransfer.effectAllowed = 'move';
      card.style.opacity = '0.5';
    });
    card.addEventListener('dragend', () => {
      card.style.opacity = '';
      dragged = null;
    });
  }
  for (const day of board.querySelectorAll('section[data-day]')) {
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
      const form = dragged?.querySelector('form[data-move-form]');
      const field = form?.querySelector('input[name="date"]');
      if (!form || !field || field.value === day.dataset.day) return;
      field.value = day.dataset.day;
      form.requestSubmit();
    });
  }
}
