import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Server } from 'node:net';

/** Starts `server` on a free port of the loopback interface, out of other machines' reach; resolves with the port. */
export async function listenLocally(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as AddressInfo).port;
}

/** A local HTTP stand-in for a service: `handle` gets each request once its whole body, as text, has arrived. */
export async function startStandIn(handle: (request: IncomingMessage, body: string, response: ServerResponse) => void) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, Buffer.concat(chunks).toString('utf8'), response));
  });
  const port = await listenLocally(server);
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
