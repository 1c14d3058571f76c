import { useSiteData } from '#client/app-context.tsx';

/**
 * While the loading flag is set, a full-page pulsing logo covers the page, as the spec's layout asks. It sits
 * over the content (which stays laid out, only invisible) so the scroll position survives the navigation.
 */
export function LoadingScreen() {
  const { media, config } = useSiteData();
  return (
    <div
      data-testid="loading-screen"
      className="fixed inset-0 z-50 flex items-center justify-center bg-stone-50/95"
      role="status"
    >
      <img src={media.logo.src} alt="" width={96} height={96} className="h-24 w-24 motion-safe:animate-pulse" />
      <span className="sr-only">Loading {config.appName}…</span>
    </div>
  );
}
