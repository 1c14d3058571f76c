import { CSRF_TOKEN_PATH } from '#shared/csrf-contract.ts';

/**
 * A fetch that answers with this status and JSON body, recording what it was sent. The token endpoint
 * the HTTP client asks first when the test's document has no token cookie answers 204, as the server
 * does, and is not recorded: the tests look at what the form sent.
 */
export function answerWith(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = async (url: URL | string, init: RequestInit = {}) => {
    if (String(url) === CSRF_TOKEN_PATH) return new Response(null, { status: 204 });
    calls.push({ url: String(url), init });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch, calls };
}
