/** GraphQL input objects → plain objects without the nulls GraphQL fills in for omitted optional fields. */
export function withoutNulls<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_k, v) => (v === null ? undefined : v)));
}

/** The values a DataLoader.loadMany found: misses (null) and per-key errors are dropped. */
export function found<T>(values: (T | null | Error)[]): T[] {
  return values.filter((v): v is T => v !== null && v !== undefined && !(v instanceof Error));
}
