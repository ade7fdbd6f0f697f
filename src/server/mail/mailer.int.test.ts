import { createServer, type Socket } from 'node:net';
import { expect, it } from 'vitest';
import { testLogger } from '#test/database';
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
