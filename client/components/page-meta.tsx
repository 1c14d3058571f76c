import { useAppContext, useSiteData } from '#client/app-context.tsx';
import { getPage, type PageId, pageTitle } from '#shared/routes.ts';
import { pageDescription } from './page-description.ts';

/**
 * Title ('{page} - {site name}'), description, canonical link and social-sharing tags of a page, each set
 * only when it has a value. React hoists them into <head>, on the server and on every client navigation.
 */
export function PageMeta({ id }: { id: PageId }) {
  const { config, media } = useSiteData();
  const { publicUrl } = useAppContext().state;
  const page = getPage(id);
  const title = pageTitle(id, config.appName);
  const description = pageDescription(id);
  // The 404 page has no address of its own to advertise: no canonical link, no og:url, not indexed.
  const url = page.path === '*' ? undefined : `${publicUrl}${page.path}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {url ? <link rel="canonical" href={url} /> : null}
      {/* Pages kept out of the sitemap (the 404 page, a confirmation) are kept out of search results too. */}
      {page.sitemap === false ? <meta name="robots" content="noindex" /> : null}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={config.appName} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:image" content={`${publicUrl}${media.socialImage}`} />
      {url ? <meta property="og:url" content={url} /> : null}
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
