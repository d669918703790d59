/** Reads what the outbox mailer wrote under <DATA_DIR>/outbox/ (one JSON file per message). */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

interface OutboxMessage {
  to: string | string[];
  subject: string;
  text?: string;
  html?: string;
  createdAt?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The newest message to `to` (waits up to `waitMs` for it to appear). */
export async function newestMailTo(dataDir: string, to: string, waitMs = 10_000): Promise<OutboxMessage> {
  const dir = join(dataDir, 'outbox');
  const deadline = Date.now() + waitMs;
  for (;;) {
    let names: string[] = [];
    try {
      names = (await readdir(dir))
        .filter((n) => n.endsWith('.json'))
        .sort()
        .reverse();
    } catch {
      /* not created yet */
    }
    for (const name of names) {
      const msg = JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxMessage;
      const recipients = Array.isArray(msg.to) ? msg.to : [msg.to];
      if (recipients.some((r) => r.toLowerCase() === to.toLowerCase())) return msg;
    }
    if (Date.now() > deadline) throw new Error(`no outbox message to ${to} in ${dir}`);
    await sleep(100);
  }
}

/** The first link in the message's text part that contains `pathPart` (e.g. '/auth/verify'). */
export function linkIn(msg: OutboxMessage, pathPart: string): string {
  const text = `${msg.text ?? ''}\n${msg.html ?? ''}`;
  const link = (text.match(/https?:\/\/[^\s"'<>]+/g) ?? []).find((u) => u.includes(pathPart));
  if (!link) throw new Error(`no link with ${pathPart} in "${msg.subject}"`);
  return link.replace(/&amp;/g, '&');
}
