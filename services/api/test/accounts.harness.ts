/**
 * The accounts HTTP tests' app (support/test-app: real SQLite stores in a temporary folder, the
 * real projector, the outbox mailer, a clock the tests can move) with the accounts module, and
 * helpers that read the outbox and sign up through the real flow.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Router from '@koa/router';
import request from 'supertest';
import type { OutboxFile } from '@jsonable/adapters/mail/index';
import type { TableRenderer } from '@jsonable/domain/ports';
import type { AppConfig, AppDeps, Logger } from '../src/deps';
import { requireApiKey, requireSession } from '../src/middleware/auth';
import type { ApiModule, AppState } from '../src/module';
import { createAccountsModule } from '../src/modules/accounts';
import type { AccountsLimits } from '../src/routes/accounts/limits';
import { given, type GivenOptions } from './support/given';
import { replayVerify as replayVerifyOf, startTestApp, type TestApp } from './support/test-app';

export { PUBLIC_URL } from './support/test-app';

const silent: Logger = {
  debug() {},
  info() {},
  warn() {},
  error(msg, fields) {
    if (process.env.ACCOUNTS_TEST_LOG) console.error(msg, fields);
  },
  child: () => silent,
};

/** Accounts never render; a call here would be a bug in the test set-up. */
const noRenderer: TableRenderer = {
  render: () => Promise.reject(new Error('the accounts tests do not render tables')),
  close: async () => {},
};

/** Routes that only say who is calling, to exercise the auth middlewares as other contexts use them. */
export const whoAmIModule: ApiModule = {
  name: 'whoami',
  routes(router: Router<AppState>, deps: AppDeps) {
    router.get('/api/test/key-whoami', requireApiKey(deps), (ctx) => {
      ctx.body = ctx.state.principal;
    });
    router.post('/api/test/session-echo', requireSession(deps), (ctx) => {
      ctx.body = { principal: ctx.state.principal, body: ctx.request.body as unknown };
    });
  },
};

/** Limits high enough that functional tests never meet them. */
const roomy = (name: string) => ({ name, limit: 10_000, windowMs: 60_000 });
export const roomyLimits: AccountsLimits = {
  loginPerAccount: roomy('login-account'),
  loginPerIp: roomy('login-ip'),
  registerPerAccount: roomy('register-account'),
  registerPerIp: roomy('register-ip'),
  magicLinkPerAccount: roomy('magic-link-account'),
  magicLinkPerIp: roomy('magic-link-ip'),
  confirmPerIp: roomy('confirm-ip'),
  changePasswordPerUser: roomy('change-password-user'),
  resetPerAccount: roomy('reset-account'),
  resetPerIp: roomy('reset-ip'),
  sessionsPerUser: roomy('sessions-user'),
};

export interface AccountsHarness extends TestApp {
  /** Every message in the outbox, oldest first. */
  outbox(): OutboxFile[];
  /** The token of the newest link mailed to `to`. */
  lastToken(to: string, tag?: string): string;
  /** Waits (bounded) for the count of messages to `to` tagged `tag` to reach `count`, and answers the newest. */
  waitForMail(to: string, tag: string, count?: number): Promise<OutboxFile>;
  /** A supertest request against the app. */
  api(): ReturnType<typeof request>;
  /** POST /api/jsonable/change-password from the session `cookie` with `body`. */
  changePassword(cookie: string, body: object): request.Test;
  /** An address no account of this harness has used. */
  freshEmail(): string;
  /** Registers through the real flow (register → e-mail → confirm): the session cookie, the user and the link's token. */
  signUp(email: string, password?: string): Promise<{ cookie: string; userId: string; token: string }>;
}

type AccountsHarnessOptions = {
  limits?: Partial<AccountsLimits>;
  config?: Partial<AppConfig>;
  extraModules?: ApiModule[];
};

/** The harness of a whole test file: started in beforeAll, closed (then `hooks.after`) in afterAll. */
export function givenAccountsHarness(
  options: AccountsHarnessOptions | (() => AccountsHarnessOptions | Promise<AccountsHarnessOptions>) = {},
  hooks: GivenOptions = {},
): AccountsHarness {
  return given(async () => startAccountsHarness(typeof options === 'function' ? await options() : options), hooks);
}

export async function startAccountsHarness(options: AccountsHarnessOptions = {}): Promise<AccountsHarness> {
  const base = await startTestApp({
    prefix: 'accounts',
    modules: [
      createAccountsModule({ limits: { ...roomyLimits, ...options.limits } }),
      whoAmIModule,
      ...(options.extraModules ?? []),
    ],
    renderer: noRenderer,
    logger: silent,
    config: { bodyLimitBytes: 10 * 1024 * 1024, ...options.config },
  });

  const { server, dir } = base;
  const outbox = (): OutboxFile[] => {
    let files: string[];
    try {
      files = readdirSync(join(dir, 'outbox'))
        .filter((f) => f.endsWith('.json'))
        .sort();
    } catch {
      return [];
    }
    return files.map((f) => JSON.parse(readFileSync(join(dir, 'outbox', f), 'utf8')) as OutboxFile);
  };

  const api = () => request(server);
  let n = 0;
  const lastToken = (to: string, tag?: string): string => {
    const mail = outbox()
      .filter((m) => m.to === to && (!tag || m.tag === tag))
      .at(-1);
    if (!mail) throw new Error(`no mail to ${to}${tag ? ` tagged ${tag}` : ''}`);
    const match = /https:\/\/jsonable\.test\/auth\/(?:verify|reset-password)\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
    if (!match?.[1]) throw new Error(`no link in the mail to ${to}`);
    return match[1];
  };

  return {
    ...base,
    outbox,
    api,
    lastToken,
    changePassword: (cookie, body) => api().post('/api/jsonable/change-password').set('Cookie', cookie).send(body),
    freshEmail: () => `user${++n}-${Date.now()}@example.com`,
    async signUp(email, password = 'correct horse battery') {
      await api().post('/api/register').send({ email, password }).expect(200);
      const token = lastToken(email, 'confirm-sign-up');
      const res = await api().post('/api/confirm-magic-link').send({ token, password }).expect(200);
      return { cookie: sessionCookie(res.headers['set-cookie'])!, userId: res.body.id as string, token };
    },
    async waitForMail(to, tag, count = 1) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const mails = outbox().filter((m) => m.to === to && m.tag === tag);
        if (mails.length >= count) return mails.at(-1)!;
        if (Date.now() > deadline) throw new Error(`no mail ${count} to ${to} tagged ${tag}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      // Work a route started after answering (the forgot-password mail) settles first.
      await new Promise((r) => setTimeout(r, 50));
      await base.close();
    },
  };
}

/** The session cookie pair (`name=value`) of a response, or null. */
export function sessionCookie(setCookie: string[] | string | undefined): string | null {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = list.find((c) => /^(__Host-)?jsonable_session=[^;]+/.test(c));
  return found ? found.split(';')[0]! : null;
}

/** `replay --verify` over the accounts read models of the harness's log: its exit code and printed lines. */
export async function replayVerify(h: AccountsHarness): Promise<{ code: number; output: string }> {
  const { accountsProjections } = await import('@jsonable/read-models/accounts/index');
  return replayVerifyOf(h.deps, accountsProjections);
}
