import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What this process does, for Prometheus (issue 22): one registry per process, served at `/metrics` (API processes)
 * or on METRICS_PORT (a worker-only process). Metrics are named `promptcron_*`; Node's own (CPU, memory, event loop
 * lag, GC) come with prom-client's defaults. Label values are bounded sets (route patterns, statuses, providers,
 * methods), never ids, so the series stay few.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequestDuration = new Histogram({
  name: 'promptcron_http_request_duration_seconds',
  help: 'API and web requests by route pattern, method and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

export const liveEventStreams = new Gauge({
  name: 'promptcron_sse_connections',
  help: 'Open run-event streams (GET /api/events) in this process.',
  registers: [metricsRegistry],
});

export const runsFinished = new Counter({
  name: 'promptcron_runs_total',
  help: 'Runs this process finished, by status (completed, error, skipped) and provider.',
  labelNames: ['status', 'provider'] as const,
  registers: [metricsRegistry],
});

export const fireLateness = new Histogram({
  name: 'promptcron_fire_lateness_seconds',
  help: 'How long after its slot a worker began a scheduled run: the lateness stored on the run, observed when its outcome is recorded.',
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
  registers: [metricsRegistry],
});

export const providerLatency = new Histogram({
  name: 'promptcron_provider_latency_seconds',
  help: 'Calls to AI providers, by provider and outcome (ok, error).',
  labelNames: ['provider', 'outcome'] as const,
  buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120],
  registers: [metricsRegistry],
});

export const deliveryAttempts = new Counter({
  name: 'promptcron_delivery_attempts_total',
  help: 'Delivery attempts, by method (email, webhook, slack, discord) and outcome (delivered, failed).',
  labelNames: ['method', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Jobs due and not taken, and how long the oldest has waited (null when none waits). */
type JobQueueMeasure = { waiting: number; oldestWaitingSeconds: number | null };

/**
 * The job queue as the database holds it, read when Prometheus scrapes a process that runs the engine: `measure`
 * is that process's query (main.ts), so this module needs no database. Returns how to stop: the registry outlives
 * the database it was given (tests share one process), and a gauge left behind would read a closed pool on every
 * scrape, which answers /metrics with 503. A second watch replaces the first.
 */
export function watchJobQueue(measure: () => Promise<JobQueueMeasure>): () => void {
  const names = ['promptcron_job_queue_depth', 'promptcron_job_queue_oldest_waiting_seconds'] as const;
  const unwatch = () => {
    for (const name of names) metricsRegistry.removeSingleMetric(name);
  };
  unwatch();
  let last: Promise<JobQueueMeasure> | undefined;
  const read = () => (last ??= measure().finally(() => setTimeout(() => (last = undefined), 1000)));
  new Gauge({
    name: names[0],
    help: 'Jobs waiting to run (due and not locked), across all processes.',
    registers: [metricsRegistry],
    async collect() {
      this.set((await read()).waiting);
    },
  });
  new Gauge({
    name: names[1],
    help: 'Age of the oldest job that is due and not yet taken.',
    registers: [metricsRegistry],
    async collect() {
      this.set((await read()).oldestWaitingSeconds ?? 0);
    },
  });
  return unwatch;
}

/** The text Prometheus scrapes. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

/** Set by the watchdog of each API process after each round (issue 40): the same count in every process. */
export const overdueSlotsGauge = new Gauge({
  name: 'promptcron_overdue_slots',
  help: 'Scheduled slots more than a minute overdue that no worker has run yet, across all processes.',
  registers: [metricsRegistry],
});
