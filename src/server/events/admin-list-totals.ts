import { HubWatch, type WatchedCacheOptions } from './hub-watch';

/** The lists whose totals are kept. */
export type AdminList = 'users' | 'tasks';

/** Changes arrive as notifications; this only bounds what a missed one could cost. */
const keptMs = 10 * 60_000;
/** Per list: admins page through a handful of filters, but every search term typed is one more. */
const maxFiltersPerList = 200;

interface KeptTotal {
  total: number;
  expiresAt: number;
}

/** A count under way, shared by the requests that arrive meanwhile; a change while it runs makes it not worth keeping. */
interface Counting {
  stale: boolean;
  total: Promise<number>;
}

/**
 * The admin Users and All Tasks lists' "Showing X of Y" totals, kept per process between requests
 * (docs/decisions/0044). Counting 100,000 tasks or 10,000 users with their plans costs more than the page of 20 on
 * every request, while the answer only changes when a task is created, removed or changes name, status, provider or
 * owner, or a user is created, removed, renamed, suspended, activated or changes plan; the database announces each of
 * those (migration 0019). So a total stays until the next such change, and is exact except while a notification is in
 * flight. The history's totals work the same way (run-counts.ts, docs/decisions/0020).
 *
 * Without a listening connection nothing is kept: every request counts.
 */
export class AdminListTotals {
  /** Per list, per filter key, in least recently used order. */
  private readonly kept: Record<AdminList, Map<string, KeptTotal>> = { users: new Map(), tasks: new Map() };
  private readonly counting: Record<AdminList, Map<string, Counting>> = { users: new Map(), tasks: new Map() };
  private readonly watch: HubWatch;

  constructor(private readonly options: WatchedCacheOptions) {
    this.watch = new HubWatch({
      ...options,
      name: 'admin list totals',
      observer: {
        onAdminListsChanged: (table) => {
          if (table === 'tasks') this.forget('tasks');
          else if (table === 'subscriptions') this.forget('users');
          // A user's names decide which tasks an owner search finds, so a user change reaches both lists.
          else this.forget('users', 'tasks');
        },
        // Changes may go unannounced until the next connection listens.
        onClosed: () => this.forget('users', 'tasks'),
      },
    });
  }

  /**
   * The list's total for a filter (`key` names the filter exactly), kept until a change to what it counts. A total
   * that only expired with the clock is still the answer while one count refreshes it.
   */
  async total(list: AdminList, key: string, count: () => Promise<number>): Promise<number> {
    if (!(await this.watch.ready())) return count();
    const own = this.kept[list];
    const kept = own.get(key);
    if (!kept) return this.counted(list, key, count);
    own.delete(key);
    own.set(key, kept);
    if (kept.expiresAt <= this.now()) {
      this.counted(list, key, count).catch((error: unknown) =>
        this.options.logger.warn({ err: error, list }, 'recounting an admin list total failed'),
      );
    }
    return kept.total;
  }

  private async counted(list: AdminList, key: string, count: () => Promise<number>): Promise<number> {
    const underWay = this.counting[list];
    const sameCount = underWay.get(key);
    if (sameCount) return sameCount.total;
    const counting: Counting = { stale: false, total: count() };
    underWay.set(key, counting);
    try {
      const answer = await counting.total;
      if (!counting.stale) this.keep(list, key, answer);
      return answer;
    } finally {
      if (underWay.get(key) === counting) underWay.delete(key);
    }
  }

  private keep(list: AdminList, key: string, total: number): void {
    const own = this.kept[list];
    own.delete(key);
    if (own.size >= maxFiltersPerList) own.delete(own.keys().next().value as string);
    own.set(key, { total, expiresAt: this.now() + keptMs });
  }

  private forget(...lists: AdminList[]): void {
    for (const list of lists) {
      for (const counting of this.counting[list].values()) counting.stale = true;
      this.counting[list].clear();
      this.kept[list].clear();
    }
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}
