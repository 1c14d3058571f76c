/**
 * The head of a page made for one person or the staff (the customer's request page, an invoice, a group
 * member's page, the desk): never indexed, and its address, which may carry a private link's secret,
 * never sent on to another site as the referrer.
 */
export function PrivateHead({
  title,
  stylesheets,
  description,
  refreshSeconds,
}: {
  title: string;
  stylesheets: readonly string[];
  description?: string;
  /** Reloads the page after this long (no script needed), while something is being confirmed. */
  refreshSeconds?: number;
}) {
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      {refreshSeconds !== undefined && <meta httpEquiv="refresh" content={String(refreshSeconds)} />}
      <title>{title}</title>
      {description !== undefined && <meta name="description" content={description} />}
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
    </head>
  );
}
