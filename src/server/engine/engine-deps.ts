import type { ProviderId } from '#shared/tasks/catalog';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { UnsubscribeLinks } from '../mail/unsubscribe-links';
import type { AiProvider } from '../providers/ai-provider';
import type { DeliveryShare } from './delivery-share';
import type { RandomSource } from './engine-policy';
import type { RunShare } from './run-share';

/** What the scheduler and the jobs need; built once per worker process. The policy is in engine-policy.ts. */
export interface EngineDeps {
  db: Database;
  env: Env;
  logger: Logger;
  mailer: Mailer;
  providers: Record<ProviderId, AiProvider>;
  /** Signs the unsubscribe links of notification e-mails, with the API's key so its routes accept them. */
  unsubscribeLinks: UnsubscribeLinks;
  /** Replaces engine-policy's webhookRetryDelaysMs; tests shorten it. */
  webhookRetryDelaysMs?: number[];
  /** Caps one user's deliveries in flight in this process; startWorker sets it, tests calling a job directly need not. */
  deliveryShare?: DeliveryShare;
  /** Caps the e-mail deliveries in flight in this process, so an SMTP server that hangs leaves slots for runs. */
  mailShare?: DeliveryShare;
  /** Caps one user's runs in flight in this process (run-share.ts); startWorker sets it. */
  runShare?: RunShare;
  /** The jitter's random source (Math.random when absent); tests fix it. */
  random?: RandomSource;
}
