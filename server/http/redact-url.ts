/**
 * Addresses whose last part is a key: the customer's private request page (/requests/<reference>/<secret>,
 * and everything under it) and a staff sign-in link (/staff/sign-in/<token>). A log line keeps the
 * address with the key replaced, so whoever reads the logs cannot open the page or sign in.
 */
const keyedPaths = [/^(\/requests\/[^/?#]+\/)[^/?#]+/, /^(\/staff\/sign-in\/)(?!confirm(?:[/?#]|$))[^/?#]+/];

/** The address as a log may keep it: a private link's secret becomes "[secret]". */
export function redactUrl(url: string): string {
  for (const pattern of keyedPaths) {
    if (pattern.test(url)) return url.replace(pattern, '$1[secret]');
  }
  return url;
}
