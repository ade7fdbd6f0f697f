import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postWebhook } from './post-webhook';

const servers: { close(): void }[] = [];
const sockets: Socket[] = [];

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) server.close();
});

async function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return `http://127.0.0.1:${port}/hook`;
}

/** Sends `text` one byte every `everyMs`, forever: never idle long enough for an idle timeout to fire. */
function trickle(socket: Socket, text: string, everyMs: number, write: (byte: string) => void = (byte) => socket.write(byte)) {
  sockets.push(socket);
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) return clearInterval(timer);
    write(text[index % text.length] ?? ' ');
    index++;
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
}

const post = (url: string, deadlineMs: number) =>
  postWebhook({ url, headers: { 'content-type': 'application/json' }, body: '{}', allowPrivate: true, deadlineMs });

describe('a webhook attempt', () => {
  it('ends at its deadline when the receiver trickles its headers', async () => {
    const url = await listen(createTcpServer((socket) => trickle(socket, 'HTTP/1.1 200 OK\r\nX-Slow: ', 50)));
    const result = await post(url, 600);
    expect(result).toMatchObject({ statusCode: null, error: 'No complete answer within 0.6 seconds.' });
    // Held to the deadline, not ended by the first byte; libuv's timers run on a millisecond clock cached per loop
    // turn, so one may fire up to a millisecond before performance.now() says it is due.
    expect(result.durationMs).toBeGreaterThanOrEqual(599);
    expect(result.durationMs).toBeLessThan(2_000);
  });

  it('ends at its deadline when the receiver answers 200 but trickles its body', async () => {
    const url = await listen(
      createHttpServer((request, response) => {
        request.resume();
        response.writeHead(200, { 'content-type': 'text/plain' });
        trickle(response.socket as Socket, 'still here ', 50, (byte) => response.write(byte));
      }),
    );
    const result = await post(url, 600);
    expect(result).toMatchObject({ statusCode: null, error: 'No complete answer within 0.6 seconds.' });
    expect(result.durationMs).toBeLessThan(2_000);
  });

  it('reports a prompt answer with its status', async () => {
    const url = await listen(createHttpServer((request, response) => request.resume().on('end', () => response.writeHead(204).end())));
    expect(await post(url, 600)).toMatchObject({ statusCode: 204, error: null });
  });
});
