/**
 * The head of a page made for one person or the staff (the customer's request page, an invoice, a group
 * member's page, the desk): never indexed, and its address, which may carry a private link's secret,
 * never sent on to another site as the referrer.
 */
export function PrivateHead({
  title,
  stylesheets,
  description,
  refresh,
}: {
  title: string;
  stylesheets: readonly string[];
  description?: string;
  /**
   * Loads `to` after `seconds` (no script needed), while something is being confirmed. The address
   * carries no fragment: Chromium takes a refresh to the same address with a fragment for a jump within
   * the page, and nothing would be fetched again.
   */
  refresh?: { seconds: number; to: string };
}) {
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      {refresh !== undefined && (
        <meta httpEquiv="refresh" content={`${refresh.seconds}; url=${refresh.to.replace(/#.*$/, '')}`} />
      )}
      <title>{title}</title>
      {description !== undefined && <meta name="description" content={description} />}
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
    </head>
  );
}
