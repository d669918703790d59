/**
 * Mail that could not be handed over is kept and retried, not lost: when the provider is down,
 * times out or answers 5xx/429 (a retryable fault), the message goes into an operational
 * collection of the document store and the caller's send succeeds — a magic link asked for
 * during a Mailgun outage arrives once Mailgun is back. A background job (deliverDue) sends what
 * is due, with exponential backoff per message (30 s, 1 min, 2 min … at most 30 min), and drops a
 * message once it is older than its lifetime (24 h: the links inside have expired by then).
 *
 * A provider that refuses for good (4xx: bad key, bad address) still fails the send at once:
 * retrying cannot help and the caller should say so.
 *
 * Several processes may deliver from one queue (scale-out): a message is claimed with putIf on its
 * version before it is sent, so one process sends it. A process that dies after sending and before
 * deleting sends it again after the claim lapses — at least once, like any mail queue.
 *
 * The queued message holds the mail's text, links included, until it is sent or expires; the
 * collection is the operator's to protect like the outbox folder.
 */
import { randomUUID } from 'node:crypto';
import { isFault } from '@jsonable/domain/faults';
import type { MailMessage, Mailer } from '@jsonable/domain/ports';
import type { Doc, DocumentStore } from '@jsonable/read-models/ports';
import type { MailLogger } from './logger';

export const MAIL_QUEUE = 'mail_queue';

export interface QueuedMail extends Doc {
  message: MailMessage;
  version: number;
  attempts: number;
  queuedAt: number;
  /** Epoch ms of the next attempt (also the end of a claim while one process sends it). */
  nextAttemptAt: number;
  lastError: string;
  expiresAt: number;
}

export interface QueueOptions {
  now?: () => number;
  newId?: () => string;
  /** First retry delay (default 30 s), doubled per attempt up to maxDelayMs (default 30 min). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A message older than this is dropped (default 24 h). */
  lifetimeMs?: number;
  /** How long a claim keeps other processes off a message being sent (default 60 s). */
  claimMs?: number;
}

export interface DeliveryReport {
  sent: number;
  failed: number;
  dropped: number;
  waiting: number;
}

export class QueueingMailer implements Mailer {
  private ready: Promise<void> | null = null;
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly lifetimeMs: number;
  private readonly claimMs: number;

  constructor(
    private readonly inner: Mailer,
    private readonly docs: DocumentStore,
    private readonly logger: MailLogger,
    options: QueueOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? (() => randomUUID());
    this.baseDelayMs = options.baseDelayMs ?? 30_000;
    this.maxDelayMs = options.maxDelayMs ?? 30 * 60_000;
    this.lifetimeMs = options.lifetimeMs ?? 24 * 60 * 60_000;
    this.claimMs = options.claimMs ?? 60_000;
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.inner.send(message);
    } catch (error) {
      if (!isFault(error) || !error.retryable) throw error;
      const now = this.now();
      const queued: QueuedMail = {
        id: this.newId(),
        message,
        version: 1,
        attempts: 1,
        queuedAt: now,
        nextAttemptAt: now + this.delayAfter(1),
        lastError: error.describe(),
        // Kept an hour past its lifetime, so the job can log the drop before the store removes it.
        expiresAt: now + this.lifetimeMs + 60 * 60_000,
      };
      try {
        await this.collection();
        await this.docs.putIf(MAIL_QUEUE, queued, null);
      } catch {
        // Neither the provider nor the queue: the caller learns the provider's fault.
        throw error;
      }
      this.logger.warn('mail queued for a retry (provider failing)', {
        id: queued.id,
        to: message.to,
        tag: message.tag,
        fault: error.describe(),
        retryAt: new Date(queued.nextAttemptAt).toISOString(),
      });
    }
  }

  /** Sends the queued messages that are due (the background job calls this). */
  async deliverDue(limit = 50): Promise<DeliveryReport> {
    await this.collection();
    const now = this.now();
    const report: DeliveryReport = { sent: 0, failed: 0, dropped: 0, waiting: 0 };
    const due = await this.docs.find<QueuedMail>(
      MAIL_QUEUE,
      { nextAttemptAt: { $lte: now } },
      { sort: [['nextAttemptAt', 1]], limit },
    );
    for (const mail of due) {
      if (mail.queuedAt + this.lifetimeMs <= now) {
        await this.docs.applyBatch([{ op: 'delete', collection: MAIL_QUEUE, id: mail.id }]);
        this.logger.error('queued mail dropped: not delivered within its lifetime', {
          id: mail.id,
          to: mail.message.to,
          tag: mail.message.tag,
          attempts: mail.attempts,
          lastError: mail.lastError,
        });
        report.dropped++;
        continue;
      }
      const claimed: QueuedMail = { ...mail, version: mail.version + 1, nextAttemptAt: now + this.claimMs };
      if (!(await this.docs.putIf(MAIL_QUEUE, claimed, mail.version))) continue; // another process has it
      try {
        await this.inner.send(mail.message);
      } catch (error) {
        const retryable = isFault(error) && error.retryable;
        const attempts = mail.attempts + 1;
        const lastError = isFault(error) ? error.describe() : error instanceof Error ? error.message : String(error);
        if (!retryable) {
          await this.docs.applyBatch([{ op: 'delete', collection: MAIL_QUEUE, id: mail.id }]);
          this.logger.error('queued mail dropped: the provider refused it', {
            id: mail.id,
            to: mail.message.to,
            tag: mail.message.tag,
            attempts,
            lastError,
          });
          report.dropped++;
          continue;
        }
        const next = {
          ...claimed,
          version: claimed.version + 1,
          attempts,
          lastError,
          nextAttemptAt: now + this.delayAfter(attempts),
        };
        await this.docs.putIf(MAIL_QUEUE, next, claimed.version);
        this.logger.warn('queued mail not delivered yet', {
          id: mail.id,
          to: mail.message.to,
          attempts,
          lastError,
          retryAt: new Date(next.nextAttemptAt).toISOString(),
        });
        report.failed++;
        continue;
      }
      await this.docs.applyBatch([{ op: 'delete', collection: MAIL_QUEUE, id: mail.id }]);
      this.logger.info('queued mail delivered', {
        id: mail.id,
        to: mail.message.to,
        tag: mail.message.tag,
        attempts: mail.attempts + 1,
        queuedFor: now - mail.queuedAt,
      });
      report.sent++;
    }
    report.waiting = await this.docs.count(MAIL_QUEUE);
    return report;
  }

  /** Messages waiting (the status and metrics may show it). */
  async waiting(): Promise<number> {
    await this.collection();
    return this.docs.count(MAIL_QUEUE);
  }

  private delayAfter(attempts: number): number {
    return Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  }

  private collection(): Promise<void> {
    this.ready ??= this.docs
      .ensureCollection({ name: MAIL_QUEUE, indexes: ['nextAttemptAt'], expiring: true })
      .catch((error: unknown) => {
        this.ready = null;
        throw error;
      });
    return this.ready;
  }
}
