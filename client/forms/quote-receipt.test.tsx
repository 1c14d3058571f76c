import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { appContext, WithApp } from '#tests/support/app-context.tsx';
import { QuoteReceipt } from './quote-receipt.tsx';

describe('QuoteReceipt', () => {
  it('shows the mockups from the private page’s address even when the link leads to its group part', () => {
    const html = renderToStaticMarkup(
      <WithApp value={appContext()}>
        <QuoteReceipt link="/requests/Q-2026-000001/secret#group" mockups={['front', 'back']} />
      </WithApp>,
    );
    expect(html).toContain('src="/requests/Q-2026-000001/secret/mockups/front"');
    expect(html).toContain('src="/requests/Q-2026-000001/secret/mockups/back"');
    expect(html).not.toMatch(/src="[^"]*#/);
    // The link itself still leads to the group part of the page.
    expect(html).toContain('href="/requests/Q-2026-000001/secret#group"');
  });
});
