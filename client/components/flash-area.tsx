import { useState } from 'react';
import { useAppContext } from '#client/app-context.tsx';
import { isBanner } from '#shared/notices.ts';
import { island } from './island.tsx';

// A flash message comes only with a page the server rendered (a form's outcome handed over by a
// redirect), and most pages come without one: their code loads right after such a page, never with the others.
const FlashNotices = island(async () => (await import('./flash-notices.tsx')).FlashNotices, {
  hydrate: 'after-page',
});

/** Where the flash messages go (they leave on their own after a while, or by key), at the top of the page content. */
export function FlashArea() {
  const { flash } = useAppContext().state;
  // Whether the page came with one, read once: the server and the browser's first render agree on it.
  const [came] = useState(() => isBanner(flash));
  return came ? <FlashNotices /> : null;
}
