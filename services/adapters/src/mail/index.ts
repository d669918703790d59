/**
 * The Mailer for the configuration: Mailgun when both its API key and domain are set, otherwise
 * the outbox under the data folder.
 */
import type { Mailer } from '@jsonable/domain/ports';
import type { MailLogger } from './logger';
import { MailgunMailer } from './mailgun';
import { OutboxMailer, outboxDir } from './outbox';

export interface MailConfig {
  mailgunApiKey?: string | null;
  mailgunDomain?: string | null;
  mailgunUrl?: string | null;
  /** Sender; default `Jsonable <no-reply@{mailgun domain or localhost}>`. */
  from?: string | null;
}

export function createMailer(config: MailConfig, dataDir: string, logger: MailLogger): Mailer {
  const from = config.from ?? `Jsonable <no-reply@${config.mailgunDomain ?? 'localhost'}>`;
  if (config.mailgunApiKey && config.mailgunDomain) {
    return new MailgunMailer(
      { apiKey: config.mailgunApiKey, domain: config.mailgunDomain, url: config.mailgunUrl ?? null, from },
      logger,
    );
  }
  return new OutboxMailer(outboxDir(dataDir), from, logger);
}

export { MailgunMailer, OutboxMailer, outboxDir };
export { QueueingMailer, MAIL_QUEUE, type QueuedMail, type DeliveryReport } from './queue';
export type { MailLogger };
export type { OutboxFile } from './outbox';
