/**
 * The auditors' CLI over a real run: the embedded server (SQLite, files, render pool, projector)
 * under a temporary DATA_DIR, users signed up through the e-mailed link, mixed renders,
 * deletions and operator plan changes; then `audit --user` and `audit --verify` in-process.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteDocumentStore } from '@jsonable/adapters/sqlite/document-store';
import { physicalCollection } from '@jsonable/projector';
import type { UsageDoc } from '@jsonable/read-models/usage/usage.projection';
import { runCli } from '../src/cli';
import type { Logger } from '../src/deps';
import { startServer, type RunningServer } from '../src/server';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };

let dir: string;
let server: RunningServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jsonable-audit-'));
  server = await startServer({
    env: { DATA_DIR: dir, LOG_LEVEL: 'silent', RENDER_WORKERS: '1' },
    host: '127.0.0.1',
    port: 0,
    logger: silent,
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(args: string[]): Promise<{ code: number; out: string[] }> {
  const out: string[] = [];
  const code = await runCli(args, {
    env: { DATA_DIR: dir, LOG_LEVEL: 'silent' },
    out: (l) => out.push(l),
    err: (l) => out.push(l),
  });
  return { code, out };
}

const http = () => request(server.url);

/** The newest sign-up link mailed to `to` (the outbox under DATA_DIR). */
function lastToken(to: string): string {
  const files = readdirSync(join(dir, 'outbox'))
    .filter((f) => f.endsWith('.json'))
    .sort();
  const mail = files
    .map((f) => JSON.parse(readFileSync(join(dir, 'outbox', f), 'utf8')) as { to: string; text: string })
    .filter((m) => m.to === to)
    .at(-1);
  const token = mail && /\/auth\/verify\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no link mailed to ${to}`);
  return token;
}

async function signUp(email: string): Promise<{ cookie: string; userId: string }> {
  const password = 'correct horse battery';
  await http().post('/api/register').send({ email, password, confirmPassword: password }).expect(200);
  const res = await http()
    .post('/api/confirm-magic-link')
    .send({ token: lastToken(email), password })
    .expect(200);
  const cookie = (res.headers['set-cookie'] as unknown as string[])
    .find((c) => c.startsWith('jsonable_session='))!
    .split(';')[0]!;
  return { cookie, userId: res.body.id as string };
}

/** The projector of the server has caught up with everything written (the CLI writes too). */
async function settled(): Promise<void> {
  await server.deps.waitForProjections(await server.deps.eventStore.headPosition(), 10_000);
}

const table = (title: string, format: string) => ({
  title,
  headers: ['Item', 'Qty'],
  rows: [
    ['Bolts', 12],
    ['Nuts', 30],
  ],
  styles: { imageFormat: format },
});

let alice: { cookie: string; userId: string };
const ALICE = 'alice.audit@example.com';

describe('audit over a run of renders, deletions and plan changes', () => {
  beforeAll(async () => {
    alice = await signUp(ALICE);
    const bob = await signUp('bob.audit@example.com');

    expect((await cli(['set-plan', ALICE, 'premium'])).code).toBe(0);
    await settled();
    const p1 = (
      await http()
        .post('/api/jsonable/projects')
        .set('Cookie', alice.cookie)
        .send({ name: 'Reports', description: '' })
        .expect(201)
    ).body.id as string;
    const p2 = (
      await http()
        .post('/api/jsonable/projects')
        .set('Cookie', alice.cookie)
        .send({ name: 'Invoices', description: '' })
        .expect(201)
    ).body.id as string;
    const renders: Array<[string | null, string]> = [
      [p1, 'png'],
      [p1, 'svg'],
      [p2, 'pdf'],
      [null, 'jpeg'],
      [p2, 'svg'],
    ];
    const ids: string[] = [];
    for (const [projectId, format] of renders) {
      const res = await http()
        .post(`/api/jsonable/json-to-png${projectId ? `?projectId=${projectId}` : ''}`)
        .set('Cookie', alice.cookie)
        .send(table(`T ${format}`, format))
        .expect(200);
      ids.push(res.body.image.id as string);
    }
    for (const id of ids.slice(0, 2))
      await http().delete(`/api/jsonable/user/images/${id}`).set('Cookie', alice.cookie).expect(200);
    expect((await cli(['set-plan', ALICE, 'free'])).code).toBe(0);
    await settled();
    await http()
      .post(`/api/jsonable/json-to-png?projectId=${p1}`)
      .set('Cookie', alice.cookie)
      .send(table('After downgrade', 'png'))
      .expect(200);
    await http().post('/api/jsonable/json-to-png').set('Cookie', bob.cookie).send(table('Bob', 'png')).expect(200);
    // Downgraded below its two projects: both kept, a third refused.
    expect((await http().get('/api/jsonable/projects').set('Cookie', alice.cookie).expect(200)).body).toHaveLength(2);
    await http()
      .post('/api/jsonable/projects')
      .set('Cookie', alice.cookie)
      .send({ name: 'Third', description: '' })
      .expect(402);
    await settled();
  }, 60_000);

  it('audit --user (json) replays the usage and billing history from the log, matching the dashboard counters', async () => {
    const r = await cli(['audit', '--user', ALICE, '--format', 'json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out.join('\n'));
    expect(report.user).toMatchObject({ id: alice.userId, email: ALICE, plan: 'free' });
    expect(report.usage).toHaveLength(1);
    const [period] = report.usage;
    expect(period).toMatchObject({
      period: 0,
      renders: 6,
      deletions: 2,
      byFormat: { png: 2, svg: 2, pdf: 1, jpeg: 1 },
    });
    expect(Object.values(period.byProject).sort()).toEqual([1, 2, 3]);
    expect(period.byProject['-']).toBe(1);
    expect(
      report.planChanges.map((c: { from: string; to: string; reason: string }) => `${c.from}>${c.to}:${c.reason}`),
    ).toEqual(['free>premium:operator', 'premium>free:operator']);
    expect(report.billing.map((b: { event: string; plan: string }) => `${b.event}:${b.plan}`)).toEqual([
      'PlanChanged:premium',
      'PlanChanged:free',
    ]);

    // Each render was counted against the plan of its moment: the downgrade applied from the next one.
    const counted = (await server.deps.eventStore.readAll()).filter(
      (e) => e.type === 'TableRendered' && (e.data as { userId: string }).userId === alice.userId,
    );
    expect(counted.map((e) => (e.data as { plan: string }).plan)).toEqual([
      'premium',
      'premium',
      'premium',
      'premium',
      'premium',
      'free',
    ]);

    const stats = await http().get('/api/jsonable/user/stats').set('Cookie', alice.cookie).expect(200);
    expect(stats.body.used).toBe(period.renders);
    // The statistics list every format, the audit only those rendered.
    expect(stats.body.byFormat).toEqual({ png: 0, jpeg: 0, webp: 0, avif: 0, svg: 0, pdf: 0, ...period.byFormat });
    const history = await http().get('/api/billing/history').set('Cookie', alice.cookie).expect(200);
    expect(history.body.entries.map((e: { plan: string }) => e.plan).sort()).toEqual(['free', 'premium']);
  });

  it('audit --user --format csv gives one line per figure', async () => {
    const r = await cli(['audit', '--user', ` ${ALICE.toUpperCase()} `, '--format', 'csv']);
    expect(r.code).toBe(0);
    const lines = r.out.join('\n').split('\n');
    expect(lines[0]).toBe('record,period,period_start,period_end,key,value,date,event,plan,amount,currency');
    expect(lines.filter((l) => l.startsWith('renders,0,'))[0]).toMatch(/,6,,,,,$/);
    expect(lines.some((l) => /^renders_by_format,0,[^,]+,[^,]+,svg,2,/.test(l))).toBe(true);
    expect(lines.some((l) => /^deletions,0,[^,]+,[^,]+,,2,/.test(l))).toBe(true);
    expect(lines.filter((l) => l.startsWith('billing,')).map((l) => l.split(',').slice(7, 9).join(','))).toEqual([
      'PlanChanged,premium',
      'PlanChanged,free',
    ]);
  });

  it('credential and session changes are in the log too: reset, link sign-in, sign-out elsewhere (issue #22)', async () => {
    const BOB = 'bob.audit@example.com';
    const elsewhere = (
      await http().post('/api/login').send({ email: BOB, password: 'correct horse battery' }).expect(200)
    ).headers['set-cookie'] as unknown as string[];
    await http().post('/api/forgot-password').send({ email: BOB }).expect(200);
    let resetToken: string | undefined;
    for (let i = 0; i < 100 && !resetToken; i++) {
      const files = readdirSync(join(dir, 'outbox'))
        .filter((f) => f.endsWith('.json'))
        .sort();
      const mails = files.map(
        (f) => JSON.parse(readFileSync(join(dir, 'outbox', f), 'utf8')) as { to: string; text: string },
      );
      resetToken = mails
        .filter((m) => m.to === BOB)
        .map((m) => /\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1])
        .find(Boolean);
      if (!resetToken) await new Promise((r) => setTimeout(r, 50));
    }
    const reset = await http()
      .post('/api/reset-password')
      .send({ token: resetToken, newPassword: 'a brand new password' })
      .expect(200);
    const cookie = (reset.headers['set-cookie'] as unknown as string[])
      .find((c) => c.startsWith('jsonable_session='))!
      .split(';')[0]!;
    await http()
      .get('/api/user')
      .set('Cookie', elsewhere.find((c) => c.startsWith('jsonable_session='))!.split(';')[0]!)
      .expect(401);
    await http().post('/api/magic-link').send({ email: BOB }).expect(200);
    await http()
      .post('/api/confirm-magic-link')
      .send({ token: lastToken(BOB) })
      .expect(200);
    await http().post('/api/jsonable/sessions/sign-out-others').set('Cookie', cookie).send({}).expect(200);
    await settled();
  });

  it('audit --verify passes on the live read models and fails, naming the difference, when one is wrong', async () => {
    // The billing read model itself rebuilds to the same documents (replay --verify of the platform).
    const replay = await cli(['replay', '--verify']);
    expect(replay.out.find((l) => l.includes('billing@v1'))).toMatch(/ ok: \d+ documents identical/);
    expect(replay.out.find((l) => l.includes('sessions@v3'))).toMatch(/ ok: \d+ documents identical/);
    expect(replay.out.find((l) => l.includes('login_tokens@v2'))).toMatch(/ ok/);
    expect(replay.code, replay.out.join('\n')).toBe(0);

    const ok = await cli(['audit', '--verify']);
    expect(ok.code, ok.out.join('\n')).toBe(0);
    expect(ok.out.at(-1)).toBe('Usage and billing of 2 accounts equal the replay of the event log.');

    const docs = new SqliteDocumentStore(join(dir, 'readmodels.sqlite'), { sweepIntervalMs: 0 });
    const collection = physicalCollection('usage', 1);
    const [doc] = await docs.find<UsageDoc>(collection, { userId: alice.userId });
    await docs.applyBatch([{ op: 'put', collection, doc: { ...doc!, count: doc!.count - 1 } }]);
    await docs.close();
    const bad = await cli(['audit', '--verify']);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain(`  ${ALICE} (${alice.userId}): usage period 0: read model 5 tables, log 6`);
    expect(bad.out.at(-1)).toBe('Verification failed: 1 differences between the read models and the event log.');
  });

  it('set-plan prints what changed, says when nothing did, and refuses an unknown tier or address', async () => {
    const same = await cli(['set-plan', ALICE, 'free']);
    expect(same).toEqual({ code: 0, out: [`${ALICE} is already on Free (free); nothing changed.`] });
    const up = await cli(['set-plan', ALICE, 'enterprise']);
    expect(up.code).toBe(0);
    expect(up.out[0]).toBe(
      `${ALICE}: Free (free: 25 tables per 30 days, 1 project) → Enterprise (enterprise: unlimited tables per 30 days, unlimited projects).`,
    );
    expect(up.out[1]).toMatch(/^PlanChanged appended at log position \d+; the new limits apply from the next table\.$/);
    const events = await server.deps.eventStore.readStream(`user-${alice.userId}`);
    expect(events.at(-1)).toMatchObject({
      type: 'PlanChanged',
      data: { userId: alice.userId, from: 'free', to: 'enterprise', reason: 'operator' },
    });
    expect(await cli(['set-plan', ALICE, 'platinum'])).toEqual({
      code: 2,
      out: ["Unknown tier 'platinum'. Tiers: free, basic, premium, business, enterprise."],
    });
    expect(await cli(['set-plan', 'nobody@example.com', 'premium'])).toEqual({
      code: 1,
      out: ['No account with the address nobody@example.com.'],
    });
    expect((await cli(['audit', '--user', 'nobody@example.com'])).code).toBe(1);
    expect((await cli(['audit'])).code).toBe(2);
  });
});
