import { afterAll, beforeAll } from 'vitest';
import { startMailServer } from './mail-server';

export type MailServer = Awaited<ReturnType<typeof startMailServer>>;

/**
 * A mail server for the whole file: started in a beforeAll, stopped in an afterAll. Call it above `useTestApp`, whose
 * beforeAll runs after this one and so can read its address: `useTestApp({ env: () => ({ SMTP_URL: mail.url }) })`.
 * (Its own module, so that the browser journeys can import mail-server.ts without vitest.)
 */
export function useMailServer(): MailServer {
  let server: MailServer | undefined;
  beforeAll(async () => {
    server = await startMailServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  return new Proxy({} as MailServer, {
    get(_, key) {
      if (!server) throw new Error('useMailServer: its beforeAll has not run yet (use it inside tests and hooks)');
      const value: unknown = Reflect.get(server, key);
      return typeof value === 'function' ? value.bind(server) : value;
    },
  });
}
