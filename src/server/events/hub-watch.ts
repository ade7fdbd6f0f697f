import type { Logger } from '../logger';
import type { UserChangeHub, UserChangeObserver } from './user-change-hub';

/** What a cache kept in step with the change hub is built with; `now` is for tests that move time. */
export type WatchedCacheOptions = { hub: UserChangeHub; logger: Logger; now?: () => number };

/**
 * What a per-process cache needs from the run event hub: to be told of every change to what it keeps, and to know
 * when it cannot be told. `ready()` observes the hub on first use and again after the connection was lost; while it
 * answers false the cache must keep nothing, since changes would go unannounced.
 */
export class HubWatch {
  private observing: Promise<boolean> | undefined;

  constructor(private readonly options: WatchedCacheOptions & { name: string; observer: UserChangeObserver }) {}

  ready(): Promise<boolean> {
    const { hub, logger, name, observer } = this.options;
    this.observing ??= hub
      .observe({
        ...observer,
        onClosed: () => {
          this.observing = undefined;
          observer.onClosed();
        },
      })
      .then(
        () => true,
        (error: unknown) => {
          logger.warn({ err: error }, `${name}: keeping nothing until run events are back`);
          this.observing = undefined;
          return false;
        },
      );
    return this.observing;
  }
}
