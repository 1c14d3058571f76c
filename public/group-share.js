// The organiser's "Copy link" button (client/request/group-section.tsx): shown only where the script
// runs and the clipboard can be written; without it the link is in a field to select and copy by hand.
for (const button of document.querySelectorAll('button[data-copy]')) {
  const field = document.getElementById(button.dataset.copy);
  if (!field || !navigator.clipboard) continue;
  button.classList.remove('hidden');
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(field.value);
      button.textContent = 'Copied';
    } catch {
      field.select();
      button.textContent = 'Select and copy';
    }
  });
}
