const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids: anything else cannot name a row, and PostgreSQL would only answer it with a cast error. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
