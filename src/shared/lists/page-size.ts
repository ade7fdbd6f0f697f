import { z } from 'zod';

/**
 * A list's `limit` query parameter: how many items a page holds, `fallback` when absent. Every way it can be wrong
 * (not a number, a fraction, out of range, beyond what a number holds exactly) answers with the same sentence, not
 * zod's "expected number to be <=9007199254740991".
 */
export function pageSize(largest: number, fallback: number) {
  const message = `The page size must be a whole number from 1 to ${largest}.`;
  return z.coerce.number({ error: message }).int(message).min(1, message).max(largest, message).default(fallback);
}
