/**
 * The default mailer when no e-mail provider is configured: every message is logged (recipient,
 * subject, file) and kept as one JSON file under `<DATA_DIR>/outbox/`, holding the text and HTML
 * parts with their full links — what a developer opens to follow a magic link locally.
 * Files are written atomically (temp file + rename) so a reader never sees half a message.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailMessage, Mailer } from '@jsonable/domain/ports';
import { faultOfErrno } from '@jsonable/domain/faults';
import { guardMethods } from '../faults/guard';
import type { MailLogger } from './logger';

export interface OutboxFile extends MailMessage {
  from: string;
  createdAt: string;
}

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly logger: MailLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const createdAt = new Date().toISOString();
    const tag = (message.tag ?? 'mail').replace(/[^a-z0-9-]/gi, '-').slice(0, 40);
    // Sortable by time, unique, and free of the recipient's address.
    const name = `${createdAt.replace(/[:.]/g, '-')}-${tag}-${randomUUID().slice(0, 8)}.json`;
    const file: OutboxFile = { from: this.from, createdAt, ...message };
    const path = join(this.dir, name);
    const tmp = `${path}.tmp`;
    await writeFile(tmp, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    await rename(tmp, path);
    this.logger.info('mail written to the outbox (no e-mail provider configured)', {
      to: message.to, subject: message.subject, tag: message.tag, file: path,
    });
  }
}

// A full or failing disk under DATA_DIR/outbox leaves the mailer as a fault (no space, I/O error).
guardMethods(OutboxMailer.prototype, ['send'], (error) => faultOfErrno(error, 'mailer'));
