/**
 * `{ [key]: value }` when there is a value, else nothing: for a view's optional fields under
 * exactOptionalPropertyTypes, where `key: undefined` is not the same as leaving the key out.
 */
export function optionalField<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;
}
