import { Logger as JobQueueLogger } from 'graphile-worker';
import type { Logger } from '../logger';

/** graphile-worker logs through its own interface; route it into our structured log. */
export function createJobQueueLogger(logger: Logger): JobQueueLogger {
  const jobLog = logger.child({ component: 'job-queue' });
  return new JobQueueLogger((scope) => (level, message, meta) => {
    const fields = { ...scope, ...meta };
    if (level === 'error') jobLog.error(fields, message);
    else if (level === 'warning') jobLog.warn(fields, message);
    else if (level === 'info') jobLog.info(fields, message);
    else jobLog.debug(fields, message);
  });
}
