/**
 * Serializes data for a `<script type="application/json">` element. The element is never executed,
 * but its text must not be able to close it early (`</script>`) or open a comment (`<!--`), so every
 * `<`, `>` and `&` is written as a JSON unicode escape; U+2028/U+2029 are escaped for old parsers.
 * JSON.parse reads the result back unchanged.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => {
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
