import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { generateRandomString } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { newApiKey } from './core/api-keys/api-key-secret';
import { newWebhookSecret } from './core/tasks/task-values';
import { createLogger } from './logger';

/** The app's own logger writing to a buffer: each entry is one line, as an operator reads it. */
function capturedLog() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger({ level: 'trace', destination }), lines };
}

// As better-auth makes session tokens: 32 letters and digits.
const sessionToken = () => generateRandomString(32, 'a-z', 'A-Z', '0-9');

describe('the log, whatever is logged', () => {
  it('keeps a failed query without its parameters, in the message and as a field', () => {
    const { logger, lines } = capturedLog();
    const token = sessionToken();
    const failed = Object.assign(new Error(`Failed query: select * from "session" where "token" = $1\nparams: ${token},7`), {
      params: [token, 7],
    });
    logger.error({ err: failed, details: [{ query: 'select 1', params: [token] }] }, `lookup failed: ${failed.message}`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(token);
    const entry = JSON.parse(lines[0] ?? '') as { msg: string; err: { stack: string; params: unknown } };
    expect(entry.msg).toBe('lookup failed: Failed query: select * from "session" where "token" = $1\nparams: [redacted]');
    expect(entry.err.params).toBe('[redacted]');
    // The stack after the parameters still says where it failed.
    expect(entry.err.stack).toMatch(/params: \[redacted\]\n {4}at /);
  });

  it('keeps the names of a link’s query parameters, not their values', () => {
    const { logger, lines } = capturedLog();
    const token = randomBytes(24).toString('base64url');
    logger.info({ url: `https://promptcron.example/set-password?action=password.reset&token=${token}` }, 'mail queued');
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      url: 'https://promptcron.example/set-password?action=[redacted]&token=[redacted]',
    });
  });

  it('redacts our tokens wherever they appear, and keeps ids, names and file names', () => {
    const { logger, lines } = capturedLog();
    const secrets = [
      sessionToken(),
      newApiKey(),
      newWebhookSecret(),
      randomBytes(24).toString('base64url'),
      randomBytes(32).toString('hex'),
    ];
    const kept = [
      randomUUID(),
      '0031_proven_addresses',
      'promptcron-2026-11-26-0247.jsonl.gz',
      'RunEventsUnavailableError',
      'withoutSessionTokens',
      'INTERNAL_SERVER_ERROR',
      '/api/tasks/run-now',
    ];
    for (const secret of secrets) logger.warn({ detail: `cookie promptcron.session_token=${secret}; seen` }, `unexpected ${secret}`);
    logger.info({ names: kept }, kept.join(' '));
    for (const secret of secrets) expect(lines.join('\n')).not.toContain(secret);
    expect(JSON.parse(lines.at(-1) ?? '')).toMatchObject({ names: kept, msg: kept.join(' ') });
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });

  it('redacts a token that follows a line break, and keeps the line valid JSON', () => {
    const { logger, lines } = capturedLog();
    const token = sessionToken();
    logger.info(`first line\n${token}\n"quoted"`);
    expect(lines[0]).not.toContain(token);
    expect((JSON.parse(lines[0] ?? '') as { msg: string }).msg).toBe('first line\n[redacted]\n"quoted"');
  });
});
