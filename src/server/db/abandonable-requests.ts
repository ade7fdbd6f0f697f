import { AsyncLocalStorage } from 'node:async_hooks';
import type { Socket } from 'node:net';
import type pg from 'pg';

/**
 * The database work of one request that changes something, which the request's deadline may abandon (ADR 0103).
 * Once a request has been answered 503, none of its work may commit later: a client retrying as the answer advises
 * would otherwise create twice what it was told was never made.
 */
export interface AbandonableRequest {
  abandoned: boolean;
  /** The connections its statements hold right now. */
  readonly connections: Set<pg.PoolClient>;
}

const currentRequest = new AsyncLocalStorage<AbandonableRequest>();
const guarded = new WeakSet<pg.Pool>();

/** Thrown at a statement of a request already answered 503, before it reaches PostgreSQL. */
export class RequestAbandonedError extends Error {
  constructor() {
    // The wording is pg's own for a cut connection, so the usual 503 path (database-unavailable.ts) recognises it.
    super('Connection terminated: the request was answered 503 at its deadline and its database work abandoned');
  }
}

/** Runs `work` (a request's handlers) so that `abandon` can stop its database work; see `guardAbandonableWork`. */
export function runAbandonable<T>(work: () => Promise<T>): { request: AbandonableRequest; done: Promise<T> } {
  const request: AbandonableRequest = { abandoned: false, connections: new Set() };
  return { request, done: currentRequest.run(request, work) };
}

/**
 * Nothing the request sent will commit: a statement already on its way (written into the socket of a frozen
 * PostgreSQL) sits inside a transaction whose COMMIT is never sent, and closing the connection makes PostgreSQL roll
 * it back when it reads on. Later statements are refused before they are sent.
 */
export function abandon(request: AbandonableRequest): void {
  request.abandoned = true;
  for (const connection of [...request.connections]) {
    // With an error, so pg fails the statement it waits on; a plain destroy would leave it waiting for good.
    socketOf(connection)?.destroy(new RequestAbandonedError());
    connection.release(true);
  }
}

/**
 * Work that outlives the request it starts in (a LISTEN connection shared by every stream) must not be abandoned
 * with it: it runs outside any request.
 */
export function outsideAnyRequest<T>(work: () => T): T {
  return currentRequest.exit(work);
}

/**
 * Makes every statement a request sends through `pool` abandonable: a statement outside a transaction runs in one of
 * its own (BEGIN, the statement, COMMIT), and a transaction's COMMIT is sent only while the request has not been
 * answered 503. Outside a request (workers, the scheduler, start-up) nothing changes.
 */
export function guardAbandonableWork(pool: pg.Pool): void {
  if (guarded.has(pool)) return;
  guarded.add(pool);
  const connect = pool.connect as (this: pg.Pool, ...args: unknown[]) => unknown;
  const query = pool.query as (this: pg.Pool, ...args: unknown[]) => unknown;

  const connectFor = async (request: AbandonableRequest): Promise<pg.PoolClient> => {
    if (request.abandoned) throw new RequestAbandonedError();
    const connection = (await connect.call(pool)) as pg.PoolClient;
    if (request.abandoned) {
      connection.release();
      throw new RequestAbandonedError();
    }
    return holdFor(request, connection);
  };

  pool.connect = function (this: pg.Pool, ...args: unknown[]) {
    const request = currentRequest.getStore();
    // pg's own `pool.query` connects with a callback; only the promise form is a caller of ours.
    if (!request || args.length > 0) return connect.apply(this, args);
    return connectFor(request);
  } as typeof pool.connect;

  pool.query = function (this: pg.Pool, ...args: unknown[]) {
    const request = currentRequest.getStore();
    if (!request || typeof args.at(-1) === 'function') return query.apply(this, args);
    return inItsOwnTransaction(connectFor(request), args);
  } as typeof pool.query;
}

async function inItsOwnTransaction(connecting: Promise<pg.PoolClient>, args: unknown[]): Promise<unknown> {
  const connection = await connecting;
  const send = connection.query.bind(connection) as (...args: unknown[]) => Promise<unknown>;
  try {
    await send('begin');
    const result = await send(...args);
    await send('commit');
    connection.release();
    return result;
  } catch (error) {
    await send('rollback').catch(() => undefined);
    // A connection cut or refused mid-way is not handed to the next request.
    connection.release(connectionIsUsable(connection) ? undefined : (error as Error));
    throw error;
  }
}

/** Guards `connection`'s statements for `request` until it goes back to the pool. */
function holdFor(request: AbandonableRequest, connection: pg.PoolClient): pg.PoolClient {
  const { query, release } = connection;
  const send = query as (this: pg.PoolClient, ...args: unknown[]) => unknown;
  request.connections.add(connection);
  connection.query = function (this: pg.PoolClient, ...args: unknown[]) {
    if (request.abandoned && !isRollback(args[0])) {
      const refused = new RequestAbandonedError();
      const callback = args.at(-1);
      if (typeof callback === 'function') return void process.nextTick(() => (callback as (error: Error) => void)(refused));
      return Promise.reject(refused);
    }
    return send.apply(this, args);
  } as typeof connection.query;
  let released = false;
  connection.release = (error?: Error | boolean) => {
    // `abandon` hands the connection back itself, since drizzle keeps it for good when its BEGIN fails; the holder's
    // own release comes later and finds it done.
    if (released) return;
    released = true;
    connection.query = query;
    request.connections.delete(connection);
    // An abandoned request's connection was closed under its statements; it must not serve anyone again.
    return release.call(connection, request.abandoned ? (error ?? true) : error);
  };
  return connection;
}

function isRollback(statement: unknown): boolean {
  const text = typeof statement === 'string' ? statement : (statement as { text?: unknown } | undefined)?.text;
  return typeof text === 'string' && /^\s*rollback\b/i.test(text);
}

function connectionIsUsable(connection: pg.PoolClient): boolean {
  return (connection as pg.PoolClient & { _queryable?: boolean })._queryable !== false;
}

function socketOf(connection: pg.PoolClient): Socket | undefined {
  return (connection as pg.PoolClient & { connection?: { stream?: Socket } }).connection?.stream;
}
