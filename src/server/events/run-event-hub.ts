import type pg from 'pg';
import { z } from 'zod';
import type { Logger } from '../logger';

/** The channel the task_runs triggers notify on (migration 0004). */
export const runChangedChannel = 'run_changed';

const notificationSchema = z.object({ userId: z.string(), runId: z.string(), taskId: z.string(), status: z.string() });

/** What a browser is told: one of its runs was created or changed status (or delivery status). */
export interface RunEvent {
  runId: string;
  taskId: string;
  status: string;
}

export interface RunEventSubscriber {
  onRun(event: RunEvent): void;
  /** The hub stopped listening (database connection lost, or shutdown): events may be missed from here on. */
  onClosed(): void;
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
 * One LISTEN connection per process, fanned out to the event streams open in this process by user id
 * (docs/decisions/0015). It connects on the first subscriber and stays connected until `close()`.
 *
 * When the connection is lost, every subscriber is closed rather than kept: notifications sent meanwhile are gone,
 * and a browser that reconnects refetches what it shows. The next subscriber connects again, so the hub reconnects as
 * soon as anyone is listening, and a subscriber is only accepted once LISTEN is in place.
 */
export class RunEventHub {
  private readonly subscribers = new Map<string, Set<RunEventSubscriber>>();
  private connecting: Promise<Listener> | undefined;
  private active: Listener | undefined;
  private healthTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: { pool: pg.Pool; logger: Logger }) {}

  /** Resolves with an unsubscribe function once this process is listening; rejects if it cannot listen. */
  async subscribe(userId: string, subscriber: RunEventSubscriber): Promise<() => void> {
    const listener = await this.listen();
    // Nothing ran between the LISTEN completing and here unless the connection dropped meanwhile.
    if (listener.lost || this.closed) throw new RunEventsUnavailableError('The database connection for live updates was lost.');
    let own = this.subscribers.get(userId);
    if (!own) this.subscribers.set(userId, (own = new Set()));
    own.add(subscriber);
    return () => {
      own.delete(subscriber);
      if (own.size === 0 && this.subscribers.get(userId) === own) this.subscribers.delete(userId);
    };
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
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
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
    });
    client.on('error', (error) => this.drop(listener, error));
    client.on('end', () => this.drop(listener));
    try {
      await client.query(`listen ${runChangedChannel}`);
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
    const all = [...this.subscribers.values()].flatMap((own) => [...own]);
    this.subscribers.clear();
    for (const subscriber of all) subscriber.onClosed();
  }

  private dispatch(payload: string | undefined): void {
    let parsed: z.infer<typeof notificationSchema>;
    try {
      parsed = notificationSchema.parse(JSON.parse(payload ?? ''));
    } catch (error) {
      this.options.logger.warn({ err: error, payload }, 'live run events: malformed notification');
      return;
    }
    const own = this.subscribers.get(parsed.userId);
    if (!own) return;
    const event: RunEvent = { runId: parsed.runId, taskId: parsed.taskId, status: parsed.status };
    for (const subscriber of own) subscriber.onRun(event);
  }
}
