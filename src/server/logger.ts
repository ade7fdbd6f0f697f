import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * JSON lines (one object per event, with the request id) for machines; on an interactive terminal, the same events
 * pretty-printed for the person who ran `npm start`.
 */
export function createLogger({ level, pretty = false }: { level: string; pretty?: boolean }): Logger {
  return pino({
    level,
    base: { service: 'promptcron' },
    // Secrets must never reach the logs, even when a whole object is logged by mistake.
    redact: ['*.password', '*.token', '*.apiKey', 'headers.cookie', 'headers.authorization'],
    transport: pretty
      ? { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname,service', translateTime: 'SYS:HH:MM:ss' } }
      : undefined,
  });
}
