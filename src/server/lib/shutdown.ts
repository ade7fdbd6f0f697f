import type { Logger } from '../logger';

type Step = { name: string; run: () => Promise<void> };

/**
 * Stops what start-up started, in reverse order: the HTTP server first (no new work), then workers, then the
 * database pool, and the embedded PostgreSQL last. Each step is attempted even if an earlier one failed.
 */
export class Shutdown {
  private readonly steps: Step[] = [];
  private running: Promise<void> | undefined;

  constructor(private readonly logger: Logger) {}

  add(name: string, run: () => Promise<void>): void {
    this.steps.push({ name, run });
  }

  run(reason: string): Promise<void> {
    this.running ??= this.runSteps(reason);
    return this.running;
  }

  private async runSteps(reason: string): Promise<void> {
    this.logger.info({ reason }, 'shutting down');
    for (const step of [...this.steps].reverse()) {
      try {
        this.logger.debug({ step: step.name }, 'stopping');
        await step.run();
      } catch (error) {
        this.logger.error({ err: error, step: step.name }, 'shutdown step failed');
      }
    }
  }
}
