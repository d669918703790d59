/** Mail through Mailgun's HTTP API with the official SDK (mailgun.js), text and HTML parts. */
import FormData from 'form-data';
import Mailgun from 'mailgun.js';
import type { MailMessage, Mailer } from '@jsonable/domain/ports';
import { mailgunFault } from '../faults/providers';
import type { MailLogger } from './logger';

export interface MailgunOptions {
  apiKey: string;
  domain: string;
  /** API base, e.g. https://api.eu.mailgun.net (tests point it at a local server). */
  url?: string | null;
  from: string;
  /** Milliseconds before a request to Mailgun is abandoned. */
  timeoutMs?: number;
}

/** The SDK's messages API (what send() calls). */
type MessagesApi = ReturnType<Mailgun['client']>['messages'];

export class MailgunMailer implements Mailer {
  private readonly messages: MessagesApi;

  /** @param driver.wrap wraps the SDK's messages API (the fault contract puts a fault-injecting proxy around it). */
  constructor(
    private readonly options: MailgunOptions,
    private readonly logger: MailLogger,
    driver: { wrap?: (messages: MessagesApi) => MessagesApi } = {},
  ) {
    const client = new Mailgun(FormData).client({
      username: 'api',
      key: options.apiKey,
      ...(options.url ? { url: options.url } : {}),
      timeout: options.timeoutMs ?? 10_000,
    });
    this.messages = driver.wrap ? driver.wrap(client.messages) : client.messages;
  }

  async send(message: MailMessage): Promise<void> {
    try {
      const result = await this.messages.create(this.options.domain, {
        from: this.options.from,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.tag ? { 'o:tag': [message.tag] } : {}),
      });
      this.logger.info('mail sent through Mailgun', {
        to: message.to,
        subject: message.subject,
        tag: message.tag,
        id: result.id,
      });
    } catch (error) {
      // The SDK's error carries the status and Mailgun's answer; never the API key.
      const e = error as { status?: number; details?: unknown; message?: string };
      this.logger.error('Mailgun refused or did not answer', {
        to: message.to,
        tag: message.tag,
        status: e.status,
        details: e.details ?? e.message,
      });
      // A fault: provider (by status: 5xx/429 retryable, other 4xx not), unreachable or timeout.
      throw mailgunFault(error);
    }
  }
}
