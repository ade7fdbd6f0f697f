/**
 * Whether an error means PostgreSQL cannot be reached (stopped, restarting, refusing connections, a connection cut),
 * as opposed to a query or data error. drizzle and better-auth wrap the driver's error, so the causes are searched.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 6; current = current.cause, depth++) {
    if (isConnectionFailure(current as Error & { code?: unknown; syscall?: unknown })) return true;
  }
  return false;
}

/** pg's own messages when a connection dies or cannot be had in time (it sets no code on them). */
const lostConnectionMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Cannot use a pool after calling end',
];

// SQLSTATE class 08 is "connection exception"; 57P01–57P03 are an administrator's or a crash's shutdown and a server
// still starting; 53300 is a server out of connection slots.
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);

function isConnectionFailure(error: Error & { code?: unknown; syscall?: unknown }): boolean {
  const { code } = error;
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return true;
    if (unavailableStates.has(code)) return true;
    // A refused, reset or missing socket while connecting: the server is down (ENOENT is its Unix socket gone).
    if (error.syscall === 'connect' || code === 'ECONNRESET' || code === 'EPIPE')
      return ['ECONNREFUSED', 'ENOENT', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(code);
  }
  return lostConnectionMessages.some((message) => error.message.includes(message));
}
