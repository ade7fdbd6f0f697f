/** A background check that repeats: `check` runs a round now (tests); `stop` waits for the round under way. */
export interface RepeatingRound {
  check(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs `round` at once and then `intervalMs` after each round ends, so rounds never overlap; the timer does not keep
 * the process alive. `round` handles its own errors.
 */
export function repeatRound(round: () => Promise<void>, intervalMs: number): RepeatingRound {
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const check = () => (running = running.then(round));
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void check().then(schedule), intervalMs);
    timer.unref();
  };
  void check().then(schedule);
  return {
    check,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
