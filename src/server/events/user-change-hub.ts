import type pg from 'pg';
import { z } from 'zod';
import { runChangedNotificationSchema, type RunChangedNotification, type RunEvent } from '#shared/runs/run-event.schema';
import {
  accountChangedChannel,
  adminListsChangedChannel,
  historyChangedChannel,
  runChangedChannel,
  workspaceMemberRemovedChannel,
} from '../db/channels';
import { outsideAnyRequest } from '../db/abandonable-requests';
import type { Logger } from '../logger';

export interface RunEventSubscriber {
  onRun(event: RunEvent): void;
  /** The user's row or one of their sessions changed or was removed: the stream's own session may have ended. */
  onAccountChanged?(): void;
  /** Runs it hears of were removed (a task deleted) or a task renamed: no run event tells of these. */
  onHistoryChanged?(): void;
  /** The user is no longer a member of the workspace it watches (removed, left, or the workspace deleted). */
  onMembershipEnded?(): void;
  /** The hub stopped listening (database connection lost, or shutdown): events may be missed from here on. */
  onClosed(): void;
}

/** Sees changes to any user's data in this process (the per-process caches: history totals, sessions). */
export interface UserChangeObserver {
  /**
   * A run was created, changed status, or was removed, or a task was renamed: told with the run's (or task's) creator
   * and its workspace, so a cache kept per person or per workspace can forget what changed.
   */
  onHistoryChanged?(userId: string, workspaceId: string): void;
  /** The user's row or one of their sessions changed or was removed (sign-out, revocation, role, ban, deletion). */
  onAccountChanged?(userId: string): void;
  /** A table the admin Users and All Tasks lists count changed; undefined: a notification not understood, anything may have. */
  onAdminListsChanged?(table: AdminListTable | undefined): void;
  onClosed(): void;
}

/** The tables the admin lists count, as their change notifications name them. */
export type AdminListTable = 'tasks' | 'user' | 'subscriptions';
const adminListTables: readonly string[] = ['tasks', 'user', 'subscriptions'] satisfies AdminListTable[];

/** A `history_changed` notification (migration 0044): whose run or task changed, and in which workspace. */
const historyChangedSchema = z.object({ userId: z.string(), workspaceId: z.string() });
/** A `workspace_member_removed` notification (migration 0044). */
const memberRemovedSchema = z.object({ workspaceId: z.string(), userId: z.string() });

/**
 * Whose runs a subscriber hears of: a workspace's, whoever made them (a member's live stream, ADR 0136), or, naming
 * no workspace, the runs the user created (a request waiting for the run it started).
 */
export interface SubscriptionScope {
  workspaceId?: string;
}

interface Subscription {
  subscriber: RunEventSubscriber;
  workspaceId: string | undefined;
}

export class RunEventsUnavailableError extends Error {
  override name = 'RunEventsUnavailableError';
}

interface Listener {
  client: pg.PoolClient;
  lost: boolean;
}

const healthCheckMs = 30_000;
const healthCheckTimeoutMs = 10_000;

/**
 * Everything the database announces about users' and workspaces' data, heard on one LISTEN connection per process: run
 * events, fanned out to the event streams open in this process by workspace (docs/decisions/0015, 0136), and a
 * member's removal, which ends their streams on that workspace; history and account changes, told to the per-process caches (run counts, docs/decisions/0020;
 * signed-in sessions, 0021); changes to what the admin lists count, told to their totals (0044). It connects on the first subscriber and stays connected until `close()`.
 *
 * When the connection is lost, every subscriber is closed rather than kept: notifications sent meanwhile are gone,
 * and a browser that reconnects refetches what it shows. The next subscriber connects again, so the hub reconnects as
 * soon as anyone is listening, and a subscriber is only accepted once LISTEN is in place.
 */
/**
 * Streams one user may hold open in one process: a tab each, far more than anyone keeps open, and a bound on what one
 * account (or a script with its session) can take of the process's sockets and memory.
 */
export const maxStreamsPerUser = 20;

/** The user already holds `maxStreamsPerUser` streams in this process. */
export class TooManyStreamsError extends Error {}

export class UserChangeHub {
  /** Per user: every subscription, for their account changes and the per-user bound. */
  private readonly subscribers = new Map<string, Set<Subscription>>();
  /** Per workspace: the subscriptions watching it. */
  private readonly watching = new Map<string, Set<Subscription>>();
  private readonly observers = new Set<UserChangeObserver>();
  private connecting: Promise<Listener> | undefined;
  private active: Listener | undefined;
  private healthTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: { pool: pg.Pool; logger: Logger }) {}

  /**
   * Resolves with an unsubscribe function once this process is listening; rejects if it cannot listen. The caller has
   * checked that the user is a member of the workspace named; a removal announced from here on is told.
   */
  async subscribe(userId: string, subscriber: RunEventSubscriber, { workspaceId }: SubscriptionScope = {}): Promise<() => void> {
    const listener = await this.listen();
    // Nothing ran between the LISTEN completing and here unless the connection dropped meanwhile.
    if (listener.lost || this.closed) throw new RunEventsUnavailableError('The database connection for live updates was lost.');
    const own = this.subscribers.get(userId);
    if (own && own.size >= maxStreamsPerUser) throw new TooManyStreamsError(`${userId} holds ${own.size} streams`);
    const subscription: Subscription = { subscriber, workspaceId };
    add(this.subscribers, userId, subscription);
    if (workspaceId !== undefined) add(this.watching, workspaceId, subscription);
    return () => {
      remove(this.subscribers, userId, subscription);
      if (workspaceId !== undefined) remove(this.watching, workspaceId, subscription);
    };
  }

  /** Like `subscribe`, for every user's runs; same guarantees. */
  async observe(observer: UserChangeObserver): Promise<() => void> {
    const listener = await this.listen();
    if (listener.lost || this.closed) throw new RunEventsUnavailableError('The database connection for live updates was lost.');
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** Whether this process holds a working LISTEN connection right now. */
  get listening(): boolean {
    return this.active !== undefined && !this.active.lost;
  }

  /** Open event streams in this process. */
  get subscriberCount(): number {
    let total = 0;
    for (const own of this.subscribers.values()) total += own.size;
    return total;
  }

  /** Ends every subscription and releases the connection; later subscribers are refused. */
  async close(): Promise<void> {
    this.closed = true;
    const listener = this.active ?? (await this.connecting?.catch(() => undefined));
    if (listener) this.drop(listener);
    else this.closeSubscribers();
  }

  private listen(): Promise<Listener> {
    if (this.closed) return Promise.reject(new RunEventsUnavailableError('The server is shutting down.'));
    if (this.active && !this.active.lost) return Promise.resolve(this.active);
    this.connecting ??= outsideAnyRequest(() => this.connect()).finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<Listener> {
    let client: pg.PoolClient;
    try {
      client = await this.options.pool.connect();
    } catch (error) {
      throw new RunEventsUnavailableError(`Cannot connect to the database for live updates: ${(error as Error).message}`);
    }
    const listener: Listener = { client, lost: false };
    client.on('notification', (message) => {
      if (message.channel === runChangedChannel) this.dispatch(message.payload);
      else if (message.channel === historyChangedChannel) this.tellHistoryChanged(message.payload);
      else if (message.channel === accountChangedChannel && message.payload) this.tellAccountChanged(message.payload);
      else if (message.channel === workspaceMemberRemovedChannel) this.tellMemberRemoved(message.payload);
      else if (message.channel === adminListsChangedChannel) this.tellAdminListsChanged(message.payload);
    });
    client.on('error', (error) => this.drop(listener, error));
    client.on('end', () => this.drop(listener));
    try {
      await client.query(
        [runChangedChannel, historyChangedChannel, accountChangedChannel, workspaceMemberRemovedChannel, adminListsChangedChannel]
          .map((channel) => `listen ${channel};`)
          .join(' '),
      );
    } catch (error) {
      this.drop(listener, error as Error);
      throw new RunEventsUnavailableError(`Cannot listen for run changes: ${(error as Error).message}`);
    }
    if (this.closed) {
      this.drop(listener);
      throw new RunEventsUnavailableError('The server is shutting down.');
    }
    this.active = listener;
    this.scheduleHealthCheck(listener);
    return listener;
  }

  /**
   * A connection whose server vanished without closing TCP never reports an error; a periodic query notices.
   * The timer is unref'd, so it never keeps a process alive on its own.
   */
  private scheduleHealthCheck(listener: Listener): void {
    clearInterval(this.healthTimer);
    this.healthTimer = setInterval(() => {
      if (listener.lost) return;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('health check timed out')), healthCheckTimeoutMs);
      });
      Promise.race([listener.client.query('select 1'), timeout])
        .catch((error: unknown) => this.drop(listener, error as Error))
        .finally(() => clearTimeout(timer));
    }, healthCheckMs);
    this.healthTimer.unref();
  }

  private drop(listener: Listener, error?: Error): void {
    if (listener.lost) return;
    listener.lost = true;
    if (this.active === listener) {
      this.active = undefined;
      clearInterval(this.healthTimer);
    }
    if (error) this.options.logger.warn({ err: error }, 'live run events: database connection lost');
    // Destroy rather than return it to the pool: it is still LISTENing, or broken.
    listener.client.release(error ?? true);
    this.closeSubscribers();
  }

  private closeSubscribers(): void {
    const all = [...this.subscribers.values()].flatMap((own) => [...own].map(({ subscriber }) => subscriber));
    const observers = [...this.observers];
    this.subscribers.clear();
    this.watching.clear();
    this.observers.clear();
    for (const subscriber of all) subscriber.onClosed();
    for (const observer of observers) observer.onClosed();
  }

  private dispatch(payload: string | undefined): void {
    const parsed = this.parse(runChangedNotificationSchema, payload, 'run');
    if (!parsed) return;
    // The browser is told the run only; whose it is and where stay here.
    const { userId, workspaceId, ...event }: RunChangedNotification = parsed;
    for (const observer of this.observers) observer.onHistoryChanged?.(userId, workspaceId);
    for (const { subscriber } of this.hearing(userId, workspaceId)) subscriber.onRun(event);
  }

  private tellHistoryChanged(payload: string | undefined): void {
    const parsed = this.parse(historyChangedSchema, payload, 'history');
    if (!parsed) return;
    for (const observer of this.observers) observer.onHistoryChanged?.(parsed.userId, parsed.workspaceId);
    for (const { subscriber } of this.hearing(parsed.userId, parsed.workspaceId)) subscriber.onHistoryChanged?.();
  }

  private tellAccountChanged(userId: string): void {
    for (const observer of this.observers) observer.onAccountChanged?.(userId);
    for (const { subscriber } of this.subscribers.get(userId) ?? []) subscriber.onAccountChanged?.();
  }

  private tellMemberRemoved(payload: string | undefined): void {
    const parsed = this.parse(memberRemovedSchema, payload, 'membership');
    if (!parsed) return;
    for (const { subscriber, workspaceId } of this.subscribers.get(parsed.userId) ?? []) {
      if (workspaceId === parsed.workspaceId) subscriber.onMembershipEnded?.();
    }
  }

  private tellAdminListsChanged(payload: string | undefined): void {
    const table = payload && adminListTables.includes(payload) ? (payload as AdminListTable) : undefined;
    for (const observer of this.observers) observer.onAdminListsChanged?.(table);
  }

  /** Who hears of a change to a run: everyone watching its workspace, and its creator's own waits. */
  private hearing(userId: string, workspaceId: string): Subscription[] {
    const own = [...(this.subscribers.get(userId) ?? [])].filter((each) => each.workspaceId === undefined);
    return [...(this.watching.get(workspaceId) ?? []), ...own];
  }

  private parse<T>(schema: z.ZodType<T>, payload: string | undefined, what: string): T | undefined {
    try {
      return schema.parse(JSON.parse(payload ?? ''));
    } catch (error) {
      this.options.logger.warn({ err: error, payload }, `live run events: malformed ${what} notification`);
      return undefined;
    }
  }
}

function add<T>(map: Map<string, Set<T>>, key: string, value: T): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function remove<T>(map: Map<string, Set<T>>, key: string, value: T): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
