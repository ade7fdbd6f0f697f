import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger({ level }: { level: string }): Logger {
  return pino({
    level,
    base: { service: 'promptcron' },
    // Secrets must never reach the logs, even when a whole object is logged by mistake.
    redact: ['*.password', '*.token', '*.apiKey', 'headers.cookie', 'headers.authorization'],
  });
}
