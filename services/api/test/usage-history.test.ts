/**
 * Usage over time (issue #30 item 4): GET /api/jsonable/user/usage. Renders go through the real
 * render route and command handler (quick stand-in engine) at moved clock times; the figures come
 * from the usage_days read model, which must rebuild to the same documents (replay --verify).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { USAGE_HISTORY_MAX_DAYS, usageHistorySchema, type UsageHistory } from '@jsonable/contracts/usage-history';
import { allProjections } from '../src/read-models';
import { givenRenderHarness, http, type TestUser } from './render.harness';
import { quickRenderer } from './support/quick-renderer';
import { replayVerify } from './support/test-app';

const DAY = 86_400_000;
const h = givenRenderHarness({ renderer: quickRenderer });
let u: TestUser;
let other: TestUser;
let projectA: string;
let projectB: string;
let theirs: string;
/** UTC date of each render of `u`, with its project and format. */
const renders: Array<{ date: string; project: string | null; format: string }> = [];

const today = () => h.deps.clock.now().toISOString().slice(0, 10);
const message = (res: { body: { error?: { message?: string } } }) => res.body.error?.message ?? '';

async function render(user: TestUser, projectId: string | null, format: string): Promise<void> {
  const res = await http(h)
    .post(`/api/jsonable/json-to-png${projectId ? `?projectId=${projectId}` : ''}`)
    .set('Cookie', user.cookie)
    .send({ title: 'Usage', headers: ['A'], rows: [['1']], options: { format } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (user === u) renders.push({ date: today(), project: projectId, format });
}

async function createProject(user: TestUser, name: string): Promise<string> {
  const res = await http(h)
    .post('/api/jsonable/projects')
    .set('Cookie', user.cookie)
    .send({ name, endpointPath: `/api/jsonable/p/${name.toLowerCase()}-${Date.now()}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const usage = (user: TestUser, query = '') =>
  http(h).get(`/api/jsonable/user/usage${query}`).set('Cookie', user.cookie);

beforeAll(async () => {
  u = await h.user('enterprise');
  other = await h.user('enterprise');
  projectA = await createProject(u, 'Alpha');
  projectB = await createProject(u, 'Beta');
  theirs = await createProject(other, 'Theirs');
  // Eleven months back, then forward: the renders spread over the year, over several usage periods.
  h.advance(-330 * DAY);
  await render(u, projectA, 'png');
  await render(u, projectA, 'svg');
  await render(u, null, 'png');
  h.advance(45 * DAY);
  await render(u, projectB, 'pdf');
  await render(other, theirs, 'png');
  h.advance(285 * DAY);
  await render(u, projectA, 'jpeg');
  await render(other, theirs, 'png');
}, 60_000);

function expectedDays(from: string, to: string, project?: string | null) {
  const counts = new Map<string, number>();
  for (const r of renders) {
    if (project !== undefined && r.project !== project) continue;
    if (r.date >= from && r.date <= to) counts.set(r.date, (counts.get(r.date) ?? 0) + 1);
  }
  return counts;
}

describe('GET /api/jsonable/user/usage', () => {
  it('answers the last 365 days per day, with totals per project and per format, without the images', async () => {
    const res = await usage(u);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = usageHistorySchema.parse(res.body);
    expect(body.to).toBe(today());
    expect(body.days).toHaveLength(365);
    expect(body.days[0]!.date).toBe(body.from);
    expect(body.days[364]!.date).toBe(today());
    const nonZero = new Map(body.days.filter((d) => d.count > 0).map((d) => [d.date, d.count]));
    expect(nonZero).toEqual(expectedDays(body.from, body.to));
    expect(body.total).toBe(5);
    expect(body.byProject).toEqual([
      { projectId: projectA, name: 'Alpha', count: 3 },
      ...[
        { projectId: projectB, name: 'Beta', count: 1 },
        { projectId: null, name: 'No project', count: 1 },
      ].sort((a, b) => ((a.projectId ?? '-') < (b.projectId ?? '-') ? -1 : 1)),
    ]);
    expect(body.otherProjects).toEqual({ projects: 0, count: 0 });
    expect(body.byFormat).toEqual({ png: 2, jpeg: 1, webp: 0, avif: 0, svg: 1, pdf: 1 });
  });

  it('narrows the days and formats to one project, or to renders without a project', async () => {
    const a = usageHistorySchema.parse((await usage(u, `?projectId=${projectA}`).expect(200)).body);
    expect(a.projectId).toBe(projectA);
    expect(a.total).toBe(3);
    expect(new Map(a.days.filter((d) => d.count > 0).map((d) => [d.date, d.count]))).toEqual(
      expectedDays(a.from, a.to, projectA),
    );
    expect(a.byFormat).toEqual({ png: 1, jpeg: 1, webp: 0, avif: 0, svg: 1, pdf: 0 });
    const none = usageHistorySchema.parse((await usage(u, '?projectId=none').expect(200)).body);
    expect(none.projectId).toBeNull();
    expect(none.total).toBe(1);
    expect(none.byFormat).toEqual({ png: 1, jpeg: 0, webp: 0, avif: 0, svg: 0, pdf: 0 });
  });

  it('takes a window of at most 366 days given by from and to, both included', async () => {
    const first = renders[0]!.date;
    const res = await usage(u, `?from=${first}&to=${first}`).expect(200);
    expect(res.body.days).toEqual([{ date: first, count: 3 }]);
    expect(res.body.total).toBe(3);
    const year = (await usage(u, `?from=2024-01-01&to=2024-12-31`).expect(200)).body as UsageHistory;
    expect(year.days).toHaveLength(366);
    expect(year.total).toBe(0);
    // One bound given: the other is 364 days away.
    const fromOnly = (await usage(u, `?from=2030-01-01`).expect(200)).body as UsageHistory;
    expect([fromOnly.from, fromOnly.to, fromOnly.days.length]).toEqual(['2030-01-01', '2030-12-31', 365]);
  });

  it('shows each user only their own renders, and 404s for a project that is not theirs', async () => {
    const mine = (await usage(other).expect(200)).body as UsageHistory;
    expect(mine.total).toBe(2);
    expect(mine.byProject).toEqual([{ projectId: theirs, name: 'Theirs', count: 2 }]);
    for (const id of [projectA, 'unknown-project']) {
      const res = await usage(other, `?projectId=${id}`);
      expect(res.status, id).toBe(404);
      expect(message(res)).toBe('Project not found');
    }
    expect((await http(h).get('/api/jsonable/user/usage')).status).toBe(401);
  });

  it('refuses bad dates, reversed and oversized windows and malformed project ids with 400 naming the problem', async () => {
    const cases: Array<[string, string]> = [
      ['?from=2026-02-30', 'from must be a date (YYYY-MM-DD)'],
      ['?to=2026-13-01', 'to must be a date (YYYY-MM-DD)'],
      ['?from=yesterday', 'from must be a date (YYYY-MM-DD)'],
      ['?from=2026-1-1', 'from must be a date (YYYY-MM-DD)'],
      ['?from=2026-01-01T00:00:00Z', 'from must be a date (YYYY-MM-DD)'],
      ['?from=', 'from must be a date (YYYY-MM-DD)'],
      ['?to=1969-12-31', 'to must be a date (YYYY-MM-DD)'],
      ['?from=2026-01-01&from=2026-01-02', 'from must be given once'],
      ['?from=2026-03-02&to=2026-03-01', 'from must not be after to'],
      ['?from=2025-01-01&to=2026-01-02', `from and to may span at most ${USAGE_HISTORY_MAX_DAYS} days`],
      ['?from=1970-01-01&to=9999-12-31', `from and to may span at most ${USAGE_HISTORY_MAX_DAYS} days`],
      ['?projectId=../x', 'projectId must be a project id or none'],
      [`?projectId=${'a'.repeat(101)}`, 'projectId must be a project id or none'],
      ['?projectId=a&projectId=b', 'projectId must be given once'],
    ];
    for (const [query, expected] of cases) {
      const res = await usage(u, query);
      expect(res.status, query).toBe(400);
      expect(message(res), query).toBe(expected);
    }
  });

  it('answers any query string with 200, 400 or 404 and never more than 366 days (property)', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 14 }),
      fc
        .date({ min: new Date('1960-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          { from: value, to: value, projectId: fc.oneof(fc.constant('none'), fc.string({ maxLength: 8 })) },
          { requiredKeys: [] },
        ),
        async (q) => {
          const res = await usage(u, `?${new URLSearchParams(q as Record<string, string>).toString()}`);
          expect([200, 400, 404]).toContain(res.status);
          if (res.status === 200) {
            const body = usageHistorySchema.parse(res.body);
            expect(body.days.length).toBeGreaterThan(0);
            expect(body.days.length).toBeLessThanOrEqual(USAGE_HISTORY_MAX_DAYS);
          } else expect(message(res)).not.toBe('');
        },
      ),
      { numRuns: 60 },
    );
  });

  it('names a deleted project as such, keeps its renders, and 404s filtering by it', async () => {
    const doomed = await createProject(u, 'Doomed');
    await render(u, doomed, 'png');
    await http(h).delete(`/api/jsonable/projects/${doomed}`).set('Cookie', u.cookie).expect(200);
    const body = (await usage(u).expect(200)).body as UsageHistory;
    expect(body.byProject).toContainEqual({ projectId: doomed, name: 'Deleted project', count: 1 });
    expect(body.total).toBe(6);
    expect((await usage(u, `?projectId=${doomed}`)).status).toBe(404);
  });

  it('rebuilds from the event log to the same documents (replay --verify)', async () => {
    const { code, output } = await replayVerify(
      h.deps,
      allProjections().filter((p) => p.name === 'usage-history'),
    );
    expect(output).toMatch(/usage-history@v1\s+.*\b[1-9]\d* documents?/);
    expect(code, output).toBe(0);
  });
});
