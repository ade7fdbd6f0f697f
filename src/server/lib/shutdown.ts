import type { Logger } from '../logger';

type Step = { name: string; run: () => Promise<void>; atOnce: boolean };

/**
 * Stops what start-up started, in reverse order: the HTTP server first (no new work) with the workers beside it, then
 * the database pool, and the embedded PostgreSQL last. Each step is attempted even if an earlier one failed.
 */
export class Shutdown {
  private readonly steps: Step[] = [];
  private running: Promise<void> | undefined;

  constructor(private readonly logger: Logger) {}

  /**
   * `atOnce`: the step begins as the shutdown does, beside the steps stopped before it, and is awaited in its place.
   * The HTTP server's drain and the workers' grace wait side by side, so a stop fits one grace (ADR 0100).
   */
  add(name: string, run: () => Promise<void>, { atOnce = false }: { atOnce?: boolean } = {}): void {
    this.steps.push({ name, run, atOnce });
  }

  run(reason: string): Promise<void> {
    this.running ??= this.runSteps(reason);
    return this.running;
  }

  private async runSteps(reason: string): Promise<void> {
    this.logger.info({ reason }, 'shutting down');
    const steps = [...this.steps].reverse();
    const begun = new Map(steps.filter((step) => step.atOnce).map((step) => [step, this.stop(step)]));
    for (const step of steps) await (begun.get(step) ?? this.stop(step));
  }

  private async stop(step: Step): Promise<void> {
    try {
      this.logger.debug({ step: step.name }, 'stopping');
      await step.run();
    } catch (error) {
      this.logger.error({ err: error, step: step.name }, 'shutdown step failed');
    }
  }
}
