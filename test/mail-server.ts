import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A message as a test reads it: who it went to, its subject, its text and the links in it. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Header fields by lower-case name, folded lines joined. */
  headers: Record<string, string>;
  /** The id the server named when it accepted the message, as Postfix does: "250 2.0.0 Ok: queued as <id>". */
  queueId?: string;
}

/**
 * A real SMTP server on a free loopback port (the `smtp-server` package). The product sends to it through
 * SMTP_URL exactly as it would to a production relay. With `storeDir`, every message is also written there, so
 * that other processes (Playwright workers) can read it.
 */
export async function startMailServer({ storeDir }: { storeDir?: string } = {}) {
  const messages: ReceivedMail[] = [];
  /** While set, new connections wait for it: a mail server that accepts the socket and then says nothing. */
  let stalled: { released: Promise<void>; release: () => void } | undefined;
  if (storeDir) await mkdir(storeDir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      if (stalled) void stalled.released.then(() => callback());
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(
          Buffer.concat(chunks).toString('utf8'),
          session.envelope.rcptTo.map((to) => to.address),
        );
        mail.queueId = randomBytes(5).toString('hex').toUpperCase();
        messages.push(mail);
        const saved = storeDir ? storeMail(storeDir, `${Date.now()}-${messages.length}`, mail) : Promise.resolve();
        // Postfix's reply, enhanced status code and all, so the product reads a real relay's answer (issue 40).
        saved.then(() => callback(null, `2.0.0 Ok: queued as ${mail.queueId}`), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Waits for the first message to `address` that `match` accepts. */
    waitFor: (address: string, match: (mail: ReceivedMail) => boolean = () => true) => waitForMail(() => messages, address, match),
    /** Holds every new connection until `resume()`, as a stuck relay would. */
    stall: () => {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      stalled ??= { released, release };
    },
    resume: () => {
      stalled?.release();
      stalled = undefined;
    },
    stop: () => {
      stalled?.release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Written under a temporary name, then renamed: a reader in another process never sees half a message. */
async function storeMail(storeDir: string, name: string, mail: ReceivedMail): Promise<void> {
  const temporary = join(storeDir, `${name}.partial`);
  await writeFile(temporary, JSON.stringify(mail));
  await rename(temporary, join(storeDir, `${name}.json`));
}

/** Reads the messages a mail server started with `storeDir` has received, e.g. from another process. */
export function waitForStoredMail(storeDir: string, address: string, match: (mail: ReceivedMail) => boolean = () => true) {
  return waitForMail(
    async () => {
      const files = (await readdir(storeDir)).filter((file) => file.endsWith('.json')).sort();
      return Promise.all(files.map(async (file) => JSON.parse(await readFile(join(storeDir, file), 'utf8')) as ReceivedMail));
    },
    address,
    match,
  );
}

async function waitForMail(read: () => ReceivedMail[] | Promise<ReceivedMail[]>, address: string, match: (mail: ReceivedMail) => boolean) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const found = (await read()).find((mail) => mail.to.includes(address.toLowerCase()) && match(mail));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No mail to ${address} arrived within 10 s`);
}

/** Just enough MIME for our own messages: headers, multipart/alternative, quoted-printable and base64 parts. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = parseHeaders(head);
  const body = rest.join('\n\n');
  const parts: { type: string; content: string }[] = [];
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    for (const section of body.split(`--${boundary}`)) {
      const [partHead = '', ...partBody] = section.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      const partHeaders = parseHeaders(partHead);
      if (!partHeaders['content-type']) continue;
      parts.push({
        type: partHeaders['content-type'],
        content: decodeBody(partBody.join('\n\n'), partHeaders['content-transfer-encoding']),
      });
    }
  } else {
    parts.push({ type: headers['content-type'] ?? 'text/plain', content: decodeBody(body, headers['content-transfer-encoding']) });
  }
  // As a mail program shows it: lines end in CRLF on the wire.
  const text = (parts.find((part) => part.type.startsWith('text/plain'))?.content ?? '').replaceAll('\r\n', '\n');
  const html = parts.find((part) => part.type.startsWith('text/html'))?.content ?? '';
  return {
    to: to.map((address) => address.toLowerCase()),
    subject: decodeWords(headers.subject ?? ''),
    text,
    html,
    links: [...new Set(text.match(/https?:\/\/[^\s"<>]+/g) ?? [])],
    headers,
  };
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeBody(body: string, encoding = '7bit'): string {
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeBody(text.replaceAll('_', ' '), 'quoted-printable'),
  );
}
