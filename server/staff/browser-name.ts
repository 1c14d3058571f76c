import Bowser from 'bowser';

/**
 * The browser a customer approved from, as people say it: "Chrome 131 on Android". Parsed with bowser
 * (MIT, no dependencies, kept up to date with new browsers), not by hand: Edge, Opera and Samsung
 * Internet all say "Chrome", and every browser on iOS says "Safari", so the order of the checks is
 * the whole difficulty, and a maintained list gets it right where a list of our own would drift.
 * (ua-parser-js, the other common choice, is AGPL from version 2.) Only the major version and the
 * system's name: browsers now freeze the rest (Chrome says "Android 10" and "Windows NT 10.0"
 * whatever the device runs), so more detail would state what may be untrue. The raw string stays in
 * the record beside it.
 */
export function browserName(userAgent: string): string | undefined {
  if (userAgent.trim() === '') return undefined;
  const { browser, os } = Bowser.parse(userAgent);
  if (!browser.name) return undefined;
  const name = browser.name.replace(/ for Android$/, '');
  const major = browser.version?.split('.')[0];
  return `${name}${major ? ` ${major}` : ''}${os.name ? ` on ${os.name}` : ''}`;
}
