import { HubWatch, type WatchedCacheOptions } from './hub-watch';

/** How long a count over a range that moves with the clock ("Last 24 hours") stays: runs leave it without notice. */
const movingRangeMs = 5_000;
/** Any other count: changes arrive as notifications, this only bounds what a missed one could cost. */
const fixedRangeMs = 10 * 60_000;
const maxOwners = 10_000;
const maxFiltersPerOwner = 20;

interface KeptTotal {
  total: unknown;
  expiresAt: number;
}

/**
 * A count under way. Requests for the same total wait for it rather than count again (50 connections whose kept total
 * expired at once would otherwise start 50 counts); a change to the owner's history while it runs makes its answer
 * not worth keeping, and later requests start a count of their own.
 */
interface Counting {
  stale: boolean;
  total: Promise<unknown>;
}

export interface CountedFilter {
  /** Identifies what was counted for this owner: a history filter (range, date, zone, search term), the overview. */
  key: string;
  /** The range is relative to now, so its count drifts as time passes. */
  moving: boolean;
}

/**
 * Counts of a workspace's runs (the history's "Showing X of Y" totals, the overview's run counts) and of a user's own
 * (their month of usage), kept per process between requests (docs/decisions/0020). Counting 100,000 runs costs tens
 * of milliseconds on every page, while the answer only changes when the history does, and every change is announced
 * on the run event hub naming the run's creator and its workspace (a run created, changing status or removed, a task
 * renamed). So a total stays until its workspace's, or user's, next change, whichever member made it, and the count
 * is exact except while a notification is in flight.
 *
 * Without a listening connection nothing is kept: every request counts, as if there were no cache.
 */
export class RunCounts {
  /**
   * Per owner (a workspace, or a user), per filter; in least recently used order, so eviction takes the owner nobody
   * asked about for longest.
   */
  private readonly owners = new Map<string, Map<string, KeptTotal>>();
  /** Per owner, per filter. */
  private readonly counting = new Map<string, Map<string, Counting>>();
  private readonly watch: HubWatch;

  constructor(private readonly options: WatchedCacheOptions) {
    this.watch = new HubWatch({
      ...options,
      name: 'history totals',
      observer: {
        // Totals are kept per owner of a history, a person or a workspace: a change drops both.
        onHistoryChanged: (userId, workspaceId) => {
          this.forget(userId);
          this.forget(workspaceId);
        },
        // Changes may go unannounced until the next connection listens.
        onClosed: () => this.forget(),
      },
    });
  }

  /**
   * A count (or a few, as one value) over the runs of an owner (a workspace's id, or a user's), kept until its history
   * changes. A kept total that only expired with the clock (a moving range, or the bound on missed notifications) is
   * still the answer while one count refreshes it, so nobody waits for that count; a change to the history drops the
   * kept total, and then the requests wait for a fresh one.
   */
  async total<T>(ownerId: string, filter: CountedFilter, count: () => Promise<T>): Promise<T> {
    if (!(await this.watch.ready())) return count();
    const own = this.owners.get(ownerId);
    const kept = own?.get(filter.key);
    if (!own || !kept) return this.counted(ownerId, filter, count);
    this.owners.delete(ownerId);
    this.owners.set(ownerId, own);
    if (kept.expiresAt <= this.now()) {
      this.counted(ownerId, filter, count).catch((error: unknown) =>
        this.options.logger.warn({ err: error }, 'recounting a history total failed'),
      );
    }
    return kept.total as T;
  }

  /** Counts, unless the same count is already under way; keeps the answer unless the history changed meanwhile. */
  private async counted<T>(ownerId: string, filter: CountedFilter, count: () => Promise<T>): Promise<T> {
    let underWay = this.counting.get(ownerId);
    const sameCount = underWay?.get(filter.key);
    if (sameCount) return sameCount.total as Promise<T>;
    if (!underWay) this.counting.set(ownerId, (underWay = new Map()));
    const total = count();
    const counting: Counting = { stale: false, total };
    underWay.set(filter.key, counting);
    try {
      const answer = await total;
      if (!counting.stale) this.keep(ownerId, filter, answer);
      return answer;
    } finally {
      if (underWay.get(filter.key) === counting) underWay.delete(filter.key);
      if (underWay.size === 0 && this.counting.get(ownerId) === underWay) this.counting.delete(ownerId);
    }
  }

  private keep(ownerId: string, filter: CountedFilter, total: unknown): void {
    let own = this.owners.get(ownerId);
    if (!own) {
      if (this.owners.size >= maxOwners) this.owners.delete(this.owners.keys().next().value as string);
      this.owners.set(ownerId, (own = new Map()));
    }
    if (own.size >= maxFiltersPerOwner) own.delete(own.keys().next().value as string);
    own.set(filter.key, { total, expiresAt: this.now() + (filter.moving ? movingRangeMs : fixedRangeMs) });
  }

  private forget(ownerId?: string): void {
    const underWay = ownerId === undefined ? [...this.counting.values()] : [this.counting.get(ownerId) ?? new Map<string, Counting>()];
    for (const counts of underWay) for (const counting of counts.values()) counting.stale = true;
    if (ownerId === undefined) {
      this.owners.clear();
      this.counting.clear();
    } else {
      this.owners.delete(ownerId);
      this.counting.delete(ownerId);
    }
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}
