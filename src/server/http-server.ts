import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import type { Logger } from './logger';

export class StartupError extends Error {
  override name = 'StartupError';
}

/** How long a close lets requests in flight finish unless told otherwise (main.ts gives SHUTDOWN_GRACE_SECONDS). */
const drainTimeoutMs = 10_000;

/** Listens on `port`; resolves once listening, so a taken port fails start-up with a clear message. */
export async function startHttpServer({
  fetch,
  port,
  logger,
}: {
  fetch: (request: Request) => Response | Promise<Response>;
  port: number;
  logger: Logger;
}) {
  const server = createAdaptorServer({ fetch }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        reject(new StartupError(`Port ${port} is already in use. Stop the other server or set PORT to a free port.`));
      else if (error.code === 'EACCES')
        reject(new StartupError(`Port ${port} needs privileges this process lacks. Set PORT to a port above 1023.`));
      else reject(error);
    });
    server.listen(port, () => resolve());
  });
  logger.info({ port }, `listening on http://localhost:${port}`);

  return {
    server,
    /** Stops accepting connections, lets requests in flight finish for `cutOffMs`, then cuts what is left. */
    close: ({ cutOffMs = drainTimeoutMs }: { cutOffMs?: number } = {}) =>
      new Promise<void>((resolve) => {
        const cutOff = setTimeout(() => server.closeAllConnections(), cutOffMs);
        server.close(() => {
          clearTimeout(cutOff);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
