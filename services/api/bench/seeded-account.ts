/**
 * An account on a running server (embedded default) for benchmarks and e2e tests of big lists:
 * registered and confirmed through the HTTP API (the confirmation link read from the outbox),
 * moved to the Enterprise plan with the admin CLI, with projects, then filled with `count` images
 * through the render command handler (seed-images.ts). Waits until the server's read models list
 * them all.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli } from '../src/cli';
import { seedImages } from './seed-images';

export interface SeededAccount {
  email: string;
  userId: string;
  /** `Cookie` header value of the account's session. */
  cookie: string;
  sessionId: string;
  registeredAt: string;
  projectIds: string[];
  /** Where seeded images go, round robin (null: no project). */
  targets: Array<string | null>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function confirmToken(dataDir: string, email: string): Promise<string> {
  const dir = join(dataDir, 'outbox');
  for (let tries = 0; tries < 200; tries++) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names
      .filter((n) => n.endsWith('.json'))
      .sort()
      .reverse()) {
      const mail = JSON.parse(await readFile(join(dir, name), 'utf8')) as { to: string | string[]; text?: string };
      if (![mail.to].flat().includes(email)) continue;
      const token = /\/auth\/verify\?token=([\w%-]+)/.exec(mail.text ?? '')?.[1];
      if (token) return decodeURIComponent(token);
    }
    await sleep(50);
  }
  throw new Error(`no confirmation mail to ${email}`);
}

export async function seededAccount(options: {
  baseUrl: string;
  dataDir: string;
  count: number;
  projects: string[];
  /** Share of images without a project, 1 in N (0: none). */
  looseEvery?: number;
  onProgress?: (done: number) => void;
}): Promise<SeededAccount> {
  const { baseUrl, dataDir } = options;
  const email = `seeded.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'correct horse battery staple';
  const json = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const register = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password, confirmPassword: password }),
  });
  if (!register.ok) throw new Error(`register: ${register.status} ${await register.text()}`);
  const confirm = await fetch(`${baseUrl}/api/confirm-magic-link`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ token: await confirmToken(dataDir, email) }),
  });
  if (!confirm.ok) throw new Error(`confirm: ${confirm.status} ${await confirm.text()}`);
  const sessionId = /jsonable_session=([^;]+)/.exec(confirm.headers.get('set-cookie') ?? '')?.[1];
  if (!sessionId) throw new Error('no session cookie');
  const cookie = `jsonable_session=${sessionId}`;
  const lines: string[] = [];
  const code = await runCli(['set-plan', email, 'enterprise'], {
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    out: (l) => lines.push(l),
    err: (l) => lines.push(l),
  });
  if (code !== 0) throw new Error(`set-plan: ${lines.join('\n')}`);
  const authed = { ...json, Cookie: cookie };
  const user = (await (await fetch(`${baseUrl}/api/jsonable/user`, { headers: authed })).json()) as {
    id: string;
    created_at: string;
  };
  const projectIds: string[] = [];
  for (const name of options.projects) {
    const res = await fetch(`${baseUrl}/api/jsonable/projects`, {
      method: 'POST',
      headers: authed,
      body: JSON.stringify({ name }),
    });
    if (res.status !== 201) throw new Error(`project: ${res.status} ${await res.text()}`);
    projectIds.push(((await res.json()) as { id: string }).id);
  }
  const targets: Array<string | null> = [...projectIds];
  if (options.looseEvery) {
    // One slot in `looseEvery` goes to no project.
    const spread: Array<string | null> = [];
    for (let i = 0; i < options.looseEvery; i++) spread.push(i === 0 ? null : projectIds[i % projectIds.length]!);
    targets.splice(0, targets.length, ...spread);
  }
  const account = { email, userId: user.id, registeredAt: user.created_at, cookie, sessionId, projectIds, targets };
  await addImages(baseUrl, dataDir, account, options.count, 0, options.onProgress);
  return account;
}

/** Renders `count` more images into the account and waits until the server lists `total + count`. */
export async function addImages(
  baseUrl: string,
  dataDir: string,
  account: SeededAccount,
  count: number,
  already: number,
  onProgress?: (done: number) => void,
): Promise<void> {
  await seedImages({
    dataDir,
    userId: account.userId,
    registeredAt: account.registeredAt,
    planTier: 'enterprise',
    count,
    projectIds: account.targets,
    onProgress,
    firstIndex: already,
  });
  // The server's projector catches up with the appended events.
  for (let tries = 0; ; tries++) {
    const res = await fetch(`${baseUrl}/api/jsonable/user/images?limit=1`, { headers: { Cookie: account.cookie } });
    if (Number(res.headers.get('X-Total-Count')) >= already + count) break;
    if (tries > 12_000) throw new Error('the read models did not catch up');
    await sleep(100);
  }
}
