import { pino, type DestinationStream, type Logger } from 'pino';
import { redacted, redactSecrets } from './log-redaction';

export type { Logger };

/**
 * Fields that hold a secret wherever an object is logged, even by mistake: at the top, one level down, and a failed
 * query's parameters in what better-auth logs. Secrets inside text are the last pass's (log-redaction.ts, ADR 0097).
 */
const secretFields = ['password', 'token', 'apiKey', 'params'].flatMap((field) => [field, `*.${field}`]);

/**
 * JSON lines (one object per event, with the request id) for machines; on an interactive terminal, the same events
 * pretty-printed for the person who ran `npm start`. `destination` is for tests that read what was logged.
 */
export function createLogger({
  level,
  pretty = false,
  destination,
}: {
  level: string;
  pretty?: boolean;
  destination?: DestinationStream;
}): Logger {
  const options = {
    level,
    base: { service: 'promptcron' },
    redact: { paths: [...secretFields, 'details[*].params', 'headers.cookie', 'headers.authorization'], censor: redacted },
    // Every line passes here last, pretty or not, whoever logged it.
    hooks: { streamWrite: redactSecrets },
  };
  if (destination) return pino(options, destination);
  return pino({
    ...options,
    transport: pretty
      ? { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname,service', translateTime: 'SYS:HH:MM:ss' } }
      : undefined,
  });
}
