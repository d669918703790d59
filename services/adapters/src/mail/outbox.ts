/**
 * The default mailer when no e-mail provider is configured: every message is logged (recipient,
 * subject, file) and kept as one JSON file under `<DATA_DIR>/outbox/`, holding the text and HTML
 * parts with their full links — what a developer opens to follow a magic link locally.
 * Files are written atomically (temp file + rename) so a reader never sees half a message.
 */
import { randomUUID } from 'node:crypto';
import * as fsPromises from 'node:fs/promises';
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

/** The file-system calls the outbox makes (node:fs/promises; the fault tests wrap them). */
export type OutboxFs = Pick<typeof fsPromises, 'mkdir' | 'rename' | 'rm' | 'writeFile'>;

export class OutboxMailer implements Mailer {
  private readonly fs: OutboxFs;

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly logger: MailLogger,
    options: { fs?: OutboxFs } = {},
  ) {
    this.fs = options.fs ?? fsPromises;
  }

  async send(message: MailMessage): Promise<void> {
    await this.fs.mkdir(this.dir, { recursive: true });
    const createdAt = new Date().toISOString();
    const tag = (message.tag ?? 'mail').replace(/[^a-z0-9-]/gi, '-').slice(0, 40);
    // Sortable by time, unique, and free of the recipient's address.
    const name = `${createdAt.replace(/[:.]/g, '-')}-${tag}-${randomUUID().slice(0, 8)}.json`;
    const file: OutboxFile = { from: this.from, createdAt, ...message };
    const path = join(this.dir, name);
    const tmp = `${path}.tmp`;
    try {
      await this.fs.writeFile(tmp, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
      await this.fs.rename(tmp, path);
    } catch (error) {
      // A disk that filled mid-write leaves part of a file: remove it, nothing half-written stays.
      await this.fs.rm(tmp, { force: true }).catch(() => undefined);
      throw error;
    }
    this.logger.info('mail written to the outbox (no e-mail provider configured)', {
      to: message.to,
      subject: message.subject,
      tag: message.tag,
      file: path,
    });
  }
}

// A full or failing disk under DATA_DIR/outbox leaves the mailer as a fault (no space, I/O error).
guardMethods(OutboxMailer.prototype, ['send'], (error) => faultOfErrno(error, 'mailer'));
