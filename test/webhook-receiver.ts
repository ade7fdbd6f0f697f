import { createServer } from 'node:http';

export interface ReceivedWebhook {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  receivedAt: number;
}

/** A real HTTP endpoint that receives webhooks; tests choose its answers (status codes) and read what arrived. */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const statuses: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() });
      response.writeHead(statuses.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hooks/promptcron`,
    received,
    answerWith: (...codes: number[]) => statuses.push(...codes),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
