import { describe, expect, it } from 'vitest';
import { getRequestData } from '@jsonable/domain/images/request-data';
import { givenRenderHarness, http, PUBLIC_URL, referenceTable, smallTable } from './render.harness';

const h = givenRenderHarness();

const pathOf = (url: string) => new URL(url).pathname;

describe('POST /api/jsonable/table-to-image (API key)', () => {
  it('stores the image, counts it and answers success, imageUrl and metadata', async () => {
    const u = await h.user('premium');
    const res = await http(h)
      .post('/api/jsonable/table-to-image')
      .set('Authorization', `Bearer ${u.apiKey}`)
      .send(referenceTable());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      metadata: { format: 'png', width: expect.any(Number), height: expect.any(Number), size: expect.any(Number) },
    });
    expect(res.body.imageUrl).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/images/inventory-status-\\d+-[0-9a-f]{16}\\.png$`),
    );
    // The Gumloop and Make guides read `url`.
    expect(res.body.url).toBe(res.body.imageUrl);
    const file = await http(h).get(pathOf(res.body.imageUrl)).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.body.subarray(0, 4).toString('hex')).toBe('89504e47');
    expect(file.body.length).toBe(res.body.metadata.size);
    const rendered = await h.rendered(u.userId);
    expect(rendered).toHaveLength(1);
    expect(rendered[0]!.streamId).toBe(`usage-${u.userId}-0`);
    expect(rendered[0]!.data).toMatchObject({
      rows: 20,
      columns: 4,
      source: 'api_key',
      plan: 'premium',
      projectId: null,
    });
    const user = await http(h).get('/api/jsonable/user').set('Cookie', u.cookie);
    expect(user.body).toMatchObject({ usage_count: 1, usage_limit: 150, current_plan_tier: 'premium' });
    expect(Date.parse(user.body.usage_reset_date)).toBeGreaterThan(Date.now());
  });

  it('accepts each auth method and each payload form', async () => {
    const u = await h.user('premium');
    const forms = [
      { data: [{ Name: 'Ada', Age: 36 }] },
      { headers: ['Name', 'Age'], rows: [['Ada', 36]] },
      { headers: ['Name', 'Age'] },
      {
        title: 'Arrays',
        data: [
          ['Name', 'Age'],
          ['Ada', 36],
        ],
      },
    ];
    const auths: Array<
      (r: ReturnType<ReturnType<typeof http>['post']>) => ReturnType<ReturnType<typeof http>['post']>
    > = [
      (r) => r.set('Authorization', `Bearer ${u.apiKey}`),
      (r) => r.set('X-API-Key', u.apiKey),
      (r) => r.query({ api_key: u.apiKey }),
    ];
    for (const form of forms) {
      for (const auth of auths) {
        const res = await auth(http(h).post('/api/jsonable/table-to-image')).send(form);
        expect(res.status, JSON.stringify(form)).toBe(200);
      }
    }
  });

  it('refuses a missing or wrong key with 401 and the envelope', async () => {
    const none = await http(h).post('/api/jsonable/table-to-image').send(smallTable);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({
      success: false,
      error: { code: 401, message: 'Invalid or missing API key. Please check your API key.' },
    });
    const wrong = await http(h).post('/api/jsonable/table-to-image').set('X-API-Key', 'jk_nope').send(smallTable);
    expect(wrong.status).toBe(401);
  });

  it('says what is wrong with a payload (400) and counts nothing', async () => {
    const u = await h.user('premium');
    const empty = await h.postTable(u.apiKey).send({ data: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      success: false,
      error: { code: 400, message: 'Must provide either data array or headers' },
    });
    const notObject = await h.postTable(u.apiKey).send([1, 2]);
    expect(notObject.status).toBe(400);
    const badJson = await h.postTable(u.apiKey).set('Content-Type', 'application/json').send('{"data": [');
    expect(badJson.status).toBe(400);
    expect(await h.rendered(u.userId)).toHaveLength(0);
  });

  it('uses styles from the request, then the project defaults, then the system', async () => {
    const u = await h.user('premium');
    const project = await http(h).post('/api/jsonable/projects').set('Cookie', u.cookie).send({ name: 'Styled' });
    await http(h)
      .patch(`/api/projects/${project.body.id}/styles`)
      .set('Cookie', u.cookie)
      .send({ imageFormat: 'svg', headerBg: '#ff0000' });
    const withDefaults = await h.postTable(project.body.apiKey).send(smallTable);
    expect(withDefaults.body.metadata.format).toBe('svg');
    const svg = await http(h).get(pathOf(withDefaults.body.imageUrl)).buffer(true);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
    expect(svg.body.toString('utf8').toLowerCase()).toMatch(/#ff0000|rgb\(255,\s*0,\s*0\)/);
    const overridden = await h.postTable(project.body.apiKey).send({ ...smallTable, styles: { imageFormat: 'jpeg' } });
    expect(overridden.body.metadata.format).toBe('jpeg');
    expect(overridden.body.imageUrl).toMatch(/\.jpg$/);
    const rendered = await h.rendered(u.userId);
    expect(rendered.every((e) => e.data.projectId === project.body.id)).toBe(true);
    const plain = await h.postTable(u.apiKey).send(smallTable);
    expect(plain.body.metadata.format).toBe('png');
  });

  it('names the file from customFilename (SPEC §5), then the title, then table', async () => {
    const u = await h.user('premium');
    const post = (body: object) => h.postTable(u.apiKey).send(body);
    expect((await post({ ...smallTable, customFilename: 'Q3 Sales — Final!' })).body.imageUrl).toMatch(
      /\/q3-sales-final-\d+-[0-9a-f]{16}\.png$/,
    );
    expect((await post({ ...smallTable, options: { customFilename: '../../etc/passwd' } })).body.imageUrl).toMatch(
      /\/etc-passwd-\d+-[0-9a-f]{16}\.png$/,
    );
    expect((await post({ headers: ['A'], rows: [['1']] })).body.imageUrl).toMatch(/\/table-\d+-[0-9a-f]{16}\.png$/);
  });
});

describe('legacy /api/table-to-image', () => {
  it('honours options.format, width and quality', async () => {
    const u = await h.user('premium');
    const res = await http(h)
      .post('/api/table-to-image')
      .set('X-API-Key', u.apiKey)
      .send({ ...smallTable, options: { format: 'jpeg', headers: true, width: 900, quality: 80 } });
    expect(res.status).toBe(200);
    expect(res.body.metadata.format).toBe('jpeg');
    const file = await http(h).get(pathOf(res.body.imageUrl)).buffer(true);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.body.subarray(0, 2).toString('hex')).toBe('ffd8');
    const pdf = await http(h)
      .post('/api/table-to-image')
      .set('X-API-Key', u.apiKey)
      .send({ ...smallTable, options: { format: 'pdf' } });
    expect(pdf.body.metadata.format).toBe('pdf');
    const pdfFile = await http(h).get(pathOf(pdf.body.imageUrl)).buffer(true);
    expect(pdfFile.headers['content-type']).toBe('application/pdf');
  });
});

describe('WebP and AVIF', () => {
  it('render, are served with their content type and counted in usage by format', async () => {
    const u = await h.user('premium');
    const webp = await h.postTable(u.apiKey).send({ ...smallTable, options: { format: 'WEBP', quality: 60 } });
    expect(webp.status).toBe(200);
    expect(webp.body.metadata.format).toBe('webp');
    expect(webp.body.imageUrl).toMatch(/\.webp$/);
    const webpFile = await http(h).get(pathOf(webp.body.imageUrl)).buffer(true);
    expect(webpFile.headers['content-type']).toBe('image/webp');
    expect(webpFile.body.toString('latin1', 8, 12)).toBe('WEBP');
    const avif = await http(h)
      .post('/api/table-to-image')
      .set('X-API-Key', u.apiKey)
      .send({ ...smallTable, styles: { imageFormat: 'avif' } });
    expect(avif.body.metadata.format).toBe('avif');
    const avifFile = await http(h).get(pathOf(avif.body.imageUrl)).buffer(true);
    expect(avifFile.headers['content-type']).toBe('image/avif');
    expect(avifFile.body.toString('latin1', 4, 12)).toBe('ftypavif');
    expect(avifFile.body.length).toBe(avif.body.metadata.size);
    const project = await http(h).post('/api/jsonable/projects').set('Cookie', u.cookie).send({ name: 'Modern' });
    const saved = await http(h)
      .patch(`/api/projects/${project.body.id}/styles`)
      .set('Cookie', u.cookie)
      .send({ imageFormat: 'webp' });
    expect(saved.status).toBe(200);
    const byDefault = await h.postTable(project.body.apiKey).send(smallTable);
    expect(byDefault.body.metadata.format).toBe('webp');
    const formats = (await h.rendered(u.userId)).map((e) => e.data.format).sort();
    expect(formats).toEqual(['avif', 'webp', 'webp']);
    const stats = await http(h).get('/api/jsonable/user/stats').set('Cookie', u.cookie);
    expect(stats.body.byFormat).toMatchObject({ webp: 2, avif: 1, png: 0 });
    const listed = await http(h).get('/api/jsonable/user/images?format=webp').set('Cookie', u.cookie);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    // A living image in WebP: its stable URL ends in .webp and serves image/webp; .png is not it.
    const live = await http(h)
      .put('/api/jsonable/live/modern-table')
      .set('X-API-Key', project.body.apiKey)
      .send({ ...smallTable, options: { format: 'webp' } });
    expect(live.status).toBe(201);
    expect(live.body.url).toMatch(/\/modern-table\.webp$/);
    const liveFile = await http(h).get(pathOf(live.body.url)).buffer(true);
    expect(liveFile.status).toBe(200);
    expect(liveFile.headers['content-type']).toBe('image/webp');
    expect((await http(h).get(pathOf(live.body.url).replace(/\.webp$/, '.png'))).status).toBe(404);
    const gif = await h.postTable(u.apiKey).send({ ...smallTable, options: { format: 'gif' } });
    expect(gif.status).toBe(400);
  });
});

describe('previews', () => {
  it('table-to-image/preview stores a temporary file that expires, and counts nothing', async () => {
    const u = await h.user('premium');
    for (const path of ['/api/jsonable/table-to-image/preview', '/api/table-to-image/preview']) {
      const res = await http(h).post(path).set('X-API-Key', u.apiKey).send(smallTable);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        previewUrl: expect.stringMatching(/\/api\/previews\//),
        expiresAt: expect.any(String),
      });
      const remaining = Date.parse(res.body.expiresAt) - Date.now();
      expect(remaining).toBeGreaterThan(55 * 60 * 1000);
      expect(remaining).toBeLessThanOrEqual(60 * 60 * 1000);
      const file = await http(h).get(pathOf(res.body.previewUrl));
      expect(file.status).toBe(200);
      expect(file.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    }
    expect(await h.rendered(u.userId)).toHaveLength(0);
  });

  it('json-to-png/preview (session) answers the image bytes and stores nothing', async () => {
    const u = await h.user('free');
    const before = await h.blobKeys('');
    const res = await http(h)
      .post('/api/jsonable/json-to-png/preview')
      .set('Cookie', u.cookie)
      .send(smallTable)
      .buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.body.subarray(0, 4).toString('hex')).toBe('89504e47');
    expect(await h.blobKeys('')).toEqual(before);
    const bad = await http(h).post('/api/jsonable/json-to-png/preview').set('Cookie', u.cookie).send({ headers: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Must provide either data array or headers');
    expect((await http(h).post('/api/jsonable/json-to-png/preview').send(smallTable)).status).toBe(401);
  });
});

describe('POST /api/jsonable/json-to-png (session)', () => {
  it("stores the image in the user's project (the dashboard's Add Example Image call) and lists it", async () => {
    const u = await h.user('premium');
    const { body: project } = await http(h)
      .post('/api/jsonable/projects')
      .set('Cookie', u.cookie)
      .send({ name: 'Examples' });
    const res = await http(h)
      .post(`/api/jsonable/json-to-png?projectId=${project.id}`)
      .set('Cookie', u.cookie)
      .send({
        title: 'Regional Sales',
        headers: ['Region', 'Orders', 'Revenue', 'Growth'],
        data: [
          ['North', 1284, '$48,120', '+12%'],
          ['South', 962, '$35,870', '+8%'],
        ],
        options: { projectId: project.id },
        projectId: project.id,
      });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      image: {
        id: expect.any(String),
        title: 'Regional Sales',
        filename: expect.stringMatching(/^regional-sales-\d+-[0-9a-f]{16}\.png$/),
      },
    });
    expect(res.body.image.url).toBe(`${PUBLIC_URL}/api/images/${res.body.image.filename}`);
    const images = await http(h).get('/api/jsonable/user/images').set('Cookie', u.cookie);
    expect(images.body).toHaveLength(1);
    expect(images.body[0]).toMatchObject({
      id: res.body.image.id,
      project_id: project.id,
      title: 'Regional Sales',
      has_json_data: true,
    });
    const projects = await http(h).get('/api/jsonable/projects').set('Cookie', u.cookie);
    expect(projects.body[0].imageCount).toBe(1);
    const stored = await getRequestData(h.deps.docs, res.body.image.id);
    expect(stored?.payload).toMatchObject({ title: 'Regional Sales', projectId: project.id });
  });

  it("answers 404 for someone else's project", async () => {
    const [u, other] = [await h.user('premium'), await h.user('premium')];
    const { body: project } = await http(h)
      .post('/api/jsonable/projects')
      .set('Cookie', other.cookie)
      .send({ name: 'Theirs' });
    const res = await http(h)
      .post(`/api/jsonable/json-to-png?projectId=${project.id}`)
      .set('Cookie', u.cookie)
      .send(smallTable);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Project not found');
    const viaKey = await h.postTable(u.apiKey).send({ ...smallTable, projectId: project.id });
    expect(viaKey.status).toBe(404);
  });
});

describe('project endpoint POST /api/jsonable/p/{endpoint}', () => {
  it('renders into the project without a key, answering image plus the top-level fields', async () => {
    const u = await h.user('premium');
    const { body: project } = await http(h)
      .post('/api/jsonable/projects')
      .set('Cookie', u.cookie)
      .send({ name: 'Hook', endpointPath: 'zapier-hook' });
    const res = await http(h).post(project.endpointPath).send(referenceTable('Weekly KPIs'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      image: {
        id: expect.any(String),
        url: expect.any(String),
        filename: expect.any(String),
        createdAt: expect.any(String),
        title: 'Weekly KPIs',
      },
      userId: u.userId,
      projectId: project.id,
      title: 'Weekly KPIs',
    });
    expect(res.body.url).toBe(res.body.image.url);
    expect(res.body.image_url).toBe(res.body.image.url);
    expect(res.body.id).toBe(res.body.image.id);
    const withKey = await http(h).post(project.endpointPath).set('X-API-KEY', project.apiKey).send(smallTable);
    expect(withKey.status).toBe(200);
    const ownerKey = await http(h)
      .post(project.endpointPath)
      .set('Authorization', `Bearer ${u.apiKey}`)
      .send(smallTable);
    expect(ownerKey.status).toBe(200);
    const wrongKey = await http(h)
      .post(project.endpointPath)
      .set('X-API-KEY', (await h.user()).apiKey)
      .send(smallTable);
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body.error.message).toBe('Invalid API key for this project');
    const rendered = await h.rendered(u.userId);
    expect(rendered.map((e) => e.data.source)).toEqual(['project_endpoint', 'project_endpoint', 'project_endpoint']);
    expect(rendered.every((e) => e.data.projectId === project.id)).toBe(true);
  });

  it('refuses calls without the key when the project requires it', async () => {
    const u = await h.user('premium');
    const { body: project } = await http(h)
      .post('/api/jsonable/projects')
      .set('Cookie', u.cookie)
      .send({ name: 'Locked', settings: { requireKey: true } });
    const res = await http(h).post(project.endpointPath).send(smallTable);
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('This project requires its API key (X-API-KEY header)');
    expect((await http(h).post(project.endpointPath).set('X-API-KEY', project.apiKey).send(smallTable)).status).toBe(
      200,
    );
  });

  it('answers 404 for an unknown endpoint', async () => {
    const res = await http(h).post('/api/jsonable/p/nothing-here-000000000000').send(smallTable);
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });
});

describe('demo POST /api/demo/generate-image', () => {
  it('renders without an account into an expiring file', async () => {
    const res = await http(h)
      .post('/api/demo/generate-image')
      .send({
        title: 'Inventory Status',
        data: [{ Item: 'Widget', Stock: 5 }],
        options: { styles: { imageFormat: 'svg', headerBg: '#4a1e8c' } },
      });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      url: expect.stringMatching(/\/api\/demo\/images\/inventory-status-\d+-[0-9a-f]{16}\.svg$/),
    });
    expect(Date.parse(res.body.expiresAt) - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
    const file = await http(h).get(pathOf(res.body.url));
    expect(file.status).toBe(200);
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const bad = await http(h).post('/api/demo/generate-image').send({ data: [] });
    expect(bad.status).toBe(400);
  });
});
