import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger';
import { smtpQueueId } from './smtp-queue-id';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Links the message carries; logged when mail goes to the outbox, so a local user can still follow them. */
  links?: string[];
  /** Extra header fields, such as RFC 8058's List-Unsubscribe pair on notifications. */
  headers?: Record<string, string>;
}

/** What the mail server answered when it accepted a message: a run's e-mail receipt (issue 40). */
export interface MailReceipt {
  /** Its reply as sent, e.g. "250 2.0.0 Ok: queued as 4F2A1C0E3". */
  response: string | null;
  /** The id the reply names, if any (`smtpQueueId`). */
  queueId: string | null;
}

/** The outbox's receipt: no server accepted the message, and the receipt says so. */
export const outboxReceipt: MailReceipt = { response: 'Saved to the local outbox (no SMTP server configured)', queueId: null };

export interface Mailer {
  send(message: MailMessage): Promise<MailReceipt>;
}

/**
 * Mail goes over SMTP when SMTP_URL is set. Without it, each message is written to DATA_DIR/outbox as an .eml file
 * (open it in any mail program) and its links are logged.
 */
export function createMailer({
  smtpUrl,
  from,
  dataDir,
  logger,
}: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: Logger;
}): Mailer {
  if (smtpUrl) {
    // nodemailer waits up to 2 min to connect and 10 min on a silent socket; an SMTP server that hangs would hold a
    // worker's slot that long. These bound one attempt to well under a minute; the delivery is retried with backoff.
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      async send({ to, subject, html, text, headers }) {
        const info = await transport.sendMail({ from, to, subject, html, text, headers });
        const response = typeof info.response === 'string' && info.response !== '' ? info.response : null;
        const queueId = response === null ? null : smtpQueueId(response);
        logger.info({ to, subject, queueId }, 'mail sent');
        return { response, queueId };
      },
    };
  }

  const outbox = join(dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, html, text, headers, links = [] }) {
      const { message } = await transport.sendMail({ from, to, subject, html, text, headers });
      await mkdir(outbox, { recursive: true });
      const file = join(outbox, `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, message as Buffer, { mode: 0o600 });
      logger.info({ to, subject, file, links }, 'mail written to the outbox (no SMTP_URL configured)');
      return outboxReceipt;
    },
  };
}
