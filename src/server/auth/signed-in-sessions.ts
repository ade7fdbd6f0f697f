import type { Workspace } from '#shared/workspaces/workspace.schema';
import { HubWatch, type WatchedCacheOptions } from '../events/hub-watch';

/** The signed-in user as route handlers see it (`c.var.sessionUser`, set by requireUser). */
export interface SessionUser {
  id: string;
  email: string;
  role: 'admin' | 'user';
  /** An invited user who has not chosen a password yet: every API but the password's own answers 403 until then. */
  mustSetPassword: boolean;
  /**
   * The workspace a request that names none acts in (ADR 0136), kept with the session: its owner alone is its member
   * for as long as the account lives, so it cannot go stale in a way that matters. Absent for an API key's caller.
   */
  personalWorkspace?: Workspace;
}

/** Even an unchanged session is checked with better-auth again after this, which also lets it extend the session. */
const keptForMs = 5 * 60_000;
const maxSessions = 10_000;

interface KeptSession {
  user: SessionUser;
  keptUntil: number;
}

export interface LoadedSession {
  user: SessionUser;
  expiresAt: Date;
}

/**
 * Who is signed in with a given Cookie header, kept per API process between requests (docs/decisions/0021): asking
 * better-auth costs two queries and more JavaScript than most handlers. A user's sessions are dropped on any change to
 * their account or sessions, which the database announces (migration 0006), and at once after the user's own writes
 * in this process, so a sign-out or revocation holds for the very next request here and within a notification's
 * delay elsewhere. Without a listening connection nothing is kept.
 */
export class SignedInSessions {
  /** By Cookie header, least recently used first. */
  private readonly sessions = new Map<string, KeptSession>();
  /** Bumped on every change, so a session looked up while one arrived is not kept. */
  private generation = 0;
  private readonly watch: HubWatch;

  constructor(private readonly options: WatchedCacheOptions) {
    this.watch = new HubWatch({
      ...options,
      name: 'signed-in sessions',
      observer: { onAccountChanged: (userId) => this.forgetUser(userId), onClosed: () => this.forgetAll() },
    });
  }

  async user(cookie: string, load: () => Promise<LoadedSession | undefined>): Promise<SessionUser | undefined> {
    if (!(await this.watch.ready())) return (await load())?.user;
    const now = this.now();
    const kept = this.sessions.get(cookie);
    if (kept && kept.keptUntil > now) {
      this.sessions.delete(cookie);
      this.sessions.set(cookie, kept);
      return kept.user;
    }
    const generation = this.generation;
    const loaded = await load();
    if (!loaded || generation !== this.generation) return loaded?.user;
    if (this.sessions.size >= maxSessions) this.sessions.delete(this.sessions.keys().next().value as string);
    this.sessions.set(cookie, { user: loaded.user, keptUntil: Math.min(loaded.expiresAt.getTime(), this.now() + keptForMs) });
    return loaded.user;
  }

  forgetUser(userId: string): void {
    this.generation += 1;
    for (const [cookie, kept] of this.sessions) if (kept.user.id === userId) this.sessions.delete(cookie);
  }

  /** The session this Cookie header named, if kept: its user's sessions are forgotten. */
  forgetSessionOf(cookie: string): void {
    const kept = this.sessions.get(cookie);
    if (kept) this.forgetUser(kept.user.id);
  }

  forgetAll(): void {
    this.generation += 1;
    this.sessions.clear();
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}
