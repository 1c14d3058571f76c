import { serializeForScript } from '#shared/json-script.ts';

/** Structured data for search engines: escaped JSON in a script the browser never runs. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by serializeForScript; data, never executed.
      dangerouslySetInnerHTML={{ __html: serializeForScript(data) }}
    />
  );
}
