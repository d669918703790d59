import { describe, expect, it } from 'vitest';
import { PROJECT_ENDPOINT_PREFIX } from '@jsonable/contracts/projects';
import { givenRenderHarness, http, setPlan, type TestUser } from './render.harness';

const h = givenRenderHarness();

const create = (u: TestUser, body: Record<string, unknown>) =>
  http(h).post('/api/jsonable/projects').set('Cookie', u.cookie).send(body);

describe('projects', () => {
  it('creates a project with an unguessable endpoint and shows its key once', async () => {
    const u = await h.user('premium');
    const res = await create(u, { name: 'Sales Report', description: 'Weekly', endpointPath: 'sales-report' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Sales Report',
      description: 'Weekly',
      imageCount: 0,
      isActive: true,
      settings: { requireKey: false },
    });
    expect(res.body.endpointPath).toMatch(new RegExp(`^${PROJECT_ENDPOINT_PREFIX}sales-report-[0-9a-f]{12}$`));
    expect(res.body.endpointPath.endsWith('table-to-image')).toBe(false);
    expect(res.body.apiKey).toMatch(/^jp_/);
    expect(res.body.apiKey.startsWith(res.body.apiKeyPrefix)).toBe(true);

    const list = await http(h).get('/api/jsonable/projects').set('Cookie', u.cookie);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: res.body.id, endpointPath: res.body.endpointPath, defaultStyles: {} });
    expect(list.body[0].apiKey).toBeUndefined();
    const styles = await http(h).get('/api/projects').set('Cookie', u.cookie);
    expect(styles.body.map((p: { id: string }) => p.id)).toEqual([res.body.id]);

    const events = await h.events('EndpointClaimed');
    expect(
      events.some((e) => e.data.endpointPath === res.body.endpointPath && e.streamId.startsWith('endpoint-')),
    ).toBe(true);
    const created = await h.events('ProjectCreated');
    expect(JSON.stringify(created)).not.toContain(res.body.apiKey);
  });

  it('says what is wrong with a name or description (SPEC §5)', async () => {
    const u = await h.user('premium');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'Project name is required'],
      [{ name: '   ' }, 'Project name is required'],
      [{ name: 'x'.repeat(51) }, 'Project name is too long'],
      [{ name: 'ok', description: 'd'.repeat(201) }, 'Description is too long'],
    ];
    for (const [body, message] of cases) {
      const res = await create(u, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ success: false, error: { code: 400, message } });
    }
    expect((await create(u, { name: 'x'.repeat(50), description: 'd'.repeat(200) })).status).toBe(201);
  });

  it('refuses a project beyond the plan with 402 naming the plan and the upgrade', async () => {
    const u = await h.user('free');
    expect((await create(u, { name: 'One' })).status).toBe(201);
    const res = await create(u, { name: 'Two' });
    expect(res.status).toBe(402);
    expect(res.body.error.message).toBe('Your Free plan allows 1 project. Upgrade your plan to create more.');
    await setPlan(h, u.userId, 'premium');
    expect((await create(u, { name: 'Two' })).status).toBe(201);
  });

  it('holds the plan limit when creates race for the last slots, and a deleted project gives its slot back', async () => {
    const u = await h.user('premium'); // 5 projects
    for (const name of ['A', 'B', 'C']) expect((await create(u, { name })).status).toBe(201);
    const raced = await Promise.all(Array.from({ length: 10 }, (_, i) => create(u, { name: `Race ${i}` })));
    const statuses = raced.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 402)).toHaveLength(8);
    const listed = await http(h).get('/api/jsonable/projects').set('Cookie', u.cookie);
    expect(listed.body).toHaveLength(5);
    expect((await http(h).delete(`/api/jsonable/projects/${listed.body[0].id}`).set('Cookie', u.cookie)).status).toBe(
      200,
    );
    expect((await create(u, { name: 'Again' })).status).toBe(201);
    expect((await create(u, { name: 'One too many' })).status).toBe(402);
    // Someone else's delete (404) gives no slot back.
    const other = await h.user('premium');
    expect(
      (await http(h).delete(`/api/jsonable/projects/${listed.body[1].id}`).set('Cookie', other.cookie)).status,
    ).toBe(404);
    expect((await create(u, { name: 'Still too many' })).status).toBe(402);
  });

  it('renames, changes settings, and answers 404 for someone else’s project', async () => {
    const [u, other] = [await h.user('premium'), await h.user('premium')];
    const { body: p } = await create(u, { name: 'Old' });
    const renamed = await http(h)
      .patch(`/api/jsonable/projects/${p.id}`)
      .set('Cookie', u.cookie)
      .send({ name: 'New', description: 'Desc' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: p.id, name: 'New', description: 'Desc' });
    const tooLong = await http(h)
      .patch(`/api/jsonable/projects/${p.id}`)
      .set('Cookie', u.cookie)
      .send({ name: 'n'.repeat(60) });
    expect(tooLong.body.error.message).toBe('Project name is too long');
    const required = await http(h)
      .patch(`/api/jsonable/projects/${p.id}`)
      .set('Cookie', u.cookie)
      .send({ settings: { requireKey: true } });
    expect(required.body.settings).toEqual({ requireKey: true });

    for (const req of [
      http(h).patch(`/api/jsonable/projects/${p.id}`).set('Cookie', other.cookie).send({ name: 'Mine' }),
      http(h).get(`/api/jsonable/projects/${p.id}`).set('Cookie', other.cookie),
      http(h).delete(`/api/jsonable/projects/${p.id}`).set('Cookie', other.cookie),
      http(h).post(`/api/projects/${p.id}/regenerate-key`).set('Cookie', other.cookie),
      http(h).patch(`/api/projects/${p.id}/styles`).set('Cookie', other.cookie).send({ headerBg: '#000000' }),
    ]) {
      const res = await req;
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: { code: 404, message: 'Project not found' } });
    }
    const otherList = await http(h).get('/api/jsonable/projects').set('Cookie', other.cookie);
    expect(otherList.body).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await http(h).get('/api/jsonable/projects');
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });

  it('saves default styles validated by the contract, and says what is wrong', async () => {
    const u = await h.user('premium');
    const { body: p } = await create(u, { name: 'Styled' });
    const saved = await http(h)
      .patch(`/api/projects/${p.id}/styles`)
      .set('Cookie', u.cookie)
      .send({ headerBg: '#112233', fontSize: 16, borderStyle: 'dashed' });
    expect(saved.status).toBe(200);
    expect(saved.body.success).toBe(true);
    expect(saved.body.project.defaultStyles).toMatchObject({ headerBg: '#112233', borderStyle: 'dashed' });
    const wrapped = await http(h)
      .patch(`/api/projects/${p.id}/styles`)
      .set('Cookie', u.cookie)
      .send({ styles: { headerText: '#fff' } });
    expect(wrapped.status).toBe(200);
    const bad = await http(h)
      .patch(`/api/projects/${p.id}/styles`)
      .set('Cookie', u.cookie)
      .send({ headerBg: 'not-a-colour' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/headerBg/);
    const list = await http(h).get('/api/projects').set('Cookie', u.cookie);
    expect(list.body[0].defaultStyles).toMatchObject({ headerText: expect.any(String) });
  });

  it('regenerates the key: the new one works and the old one is refused at once', async () => {
    const u = await h.user('premium');
    const { body: p } = await create(u, { name: 'Keys' });
    const table = { headers: ['A'], rows: [['1']] };
    const before = await http(h)
      .post('/api/jsonable/table-to-image')
      .set('Authorization', `Bearer ${p.apiKey}`)
      .send(table);
    expect(before.status).toBe(200);
    const res = await http(h).post(`/api/projects/${p.id}/regenerate-key`).set('Cookie', u.cookie);
    expect(res.status).toBe(200);
    expect(res.body.fullApiKey).toMatch(/^jp_/);
    expect(res.body.fullApiKey).not.toBe(p.apiKey);
    const old = await http(h)
      .post('/api/jsonable/table-to-image')
      .set('Authorization', `Bearer ${p.apiKey}`)
      .send(table);
    expect(old.status).toBe(401);
    const fresh = await h.postTable(res.body.fullApiKey).send(table);
    expect(fresh.status).toBe(200);
  });

  it('deletes a project, keeping its images detached', async () => {
    const u = await h.user('premium');
    const { body: p } = await create(u, { name: 'Doomed' });
    const made = await http(h)
      .post(`/api/jsonable/json-to-png?projectId=${p.id}`)
      .set('Cookie', u.cookie)
      .send({ headers: ['A'], rows: [['1']] });
    expect(made.status).toBe(200);
    const listed = await http(h).get('/api/jsonable/projects').set('Cookie', u.cookie);
    expect(listed.body[0].imageCount).toBe(1);
    const res = await http(h).delete(`/api/jsonable/projects/${p.id}`).set('Cookie', u.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, detachedImages: 1 });
    expect((await http(h).get('/api/jsonable/projects').set('Cookie', u.cookie)).body).toEqual([]);
    const images = await http(h).get('/api/jsonable/user/images').set('Cookie', u.cookie);
    expect(images.body).toHaveLength(1);
    expect(images.body[0]).toMatchObject({ id: made.body.image.id, project_id: null });
    expect((await http(h).get(new URL(made.body.image.url).pathname)).status).toBe(200);
    // Its key and endpoint stop working.
    expect((await h.postTable(p.apiKey).send({ headers: ['A'] })).status).toBe(401);
    expect(
      (
        await http(h)
          .post(p.endpointPath)
          .send({ headers: ['A'] })
      ).status,
    ).toBe(404);
    expect((await http(h).delete(`/api/jsonable/projects/${p.id}`).set('Cookie', u.cookie)).status).toBe(404);
  });
});
