import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { testLogger } from '#test/database';
import { startMailServer } from '#test/mail-server';
import { createMailer } from './mailer';

/* Issue 18: an SMTP server that accepts the connection and never greets holds a worker's slot for a bounded time. */
it('gives up on an SMTP server that never answers within seconds, not minutes', { timeout: 30_000 }, async () => {
  const sockets: Socket[] = [];
  const silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
  const { port } = silent.address() as { port: number };
  try {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Promptcron <noreply@example.com>',
      dataDir: '/nonexistent',
      logger: testLogger,
    });
    const startedAt = Date.now();
    await expect(mailer.send({ to: 'owner@example.com', subject: 'Hello', html: '<p>Hello</p>', text: 'Hello' })).rejects.toThrow(
      /greeting|timeout/i,
    );
    expect(Date.now() - startedAt).toBeLessThan(15_000);
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  }
});

/* Issue 40: a delivered e-mail keeps the server's answer as its receipt, or says that no server took it. */
it("answers with the mail server's reply and the queue id it names", async () => {
  const server = await startMailServer();
  try {
    const mailer = createMailer({
      smtpUrl: server.url,
      from: 'Promptcron <noreply@example.com>',
      dataDir: '/nonexistent',
      logger: testLogger,
    });
    const receipt = await mailer.send({ to: 'reader@example.com', subject: 'Receipt', html: '<p>Hi</p>', text: 'Hi' });
    const received = await server.waitFor('reader@example.com');
    expect(receipt).toEqual({ response: `250 2.0.0 Ok: queued as ${received.queueId}`, queueId: received.queueId });
  } finally {
    await server.stop();
  }
});

it('answers that the message went to the local outbox when no SMTP server is configured', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'promptcron-outbox-'));
  try {
    const mailer = createMailer({ from: 'Promptcron <noreply@example.com>', dataDir, logger: testLogger });
    const receipt = await mailer.send({ to: 'reader@example.com', subject: 'Receipt', html: '<p>Hi</p>', text: 'Hi' });
    expect(receipt).toEqual({ response: 'Saved to the local outbox (no SMTP server configured)', queueId: null });
    expect(await readdir(join(dataDir, 'outbox'))).toHaveLength(1);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
