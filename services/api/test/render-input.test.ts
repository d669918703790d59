/**
 * What automation tools and hand-written clients really send to the rendering API, and the
 * answers they get: JSON sent with the wrong Content-Type, a body encoded twice, nulls for
 * unmapped fields, a single bundle as `data`, messages that name the field, CORS for browsers.
 */
import { describe, expect, it } from 'vitest';
import { givenRenderHarness, http, smallTable } from './render.harness';

const h = givenRenderHarness();

describe('bodies as clients send them', () => {
  it('reads JSON sent as a form (curl -d) or as text/plain, and refuses a body that is not JSON with 415', async () => {
    const u = await h.user('premium');
    const json = JSON.stringify(smallTable);
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'text/plain; charset=utf-8']) {
      const res = await h.postTable(u.apiKey).set('Content-Type', type).send(json);
      expect(res.status, type).toBe(200);
      expect(res.body.image.title).toBe('Team');
    }
    const form = await h.postTable(u.apiKey).type('form').send('title=Team&data=x');
    expect(form.status).toBe(415);
    expect(form.body.error.message).toBe('Content-Type must be application/json');
    const proto = await h
      .postTable(u.apiKey)
      .set('Content-Type', 'text/plain')
      .send('{"data":[{"a":1}],"styles":{"__proto__":{"x":1}}}');
    expect(proto.status).toBe(400);
    expect(proto.body.error.message).toBe('Invalid request: a key named "__proto__" is not allowed');
    expect(await h.rendered(u.userId)).toHaveLength(3);
  });

  it('reads a body encoded twice (a JSON string holding the object), and says so when JSON is not an object', async () => {
    const u = await h.user('premium');
    const post = (raw: string) => h.postTable(u.apiKey).set('Content-Type', 'application/json').send(raw);
    const twice = await post(JSON.stringify(JSON.stringify(smallTable)));
    expect(twice.status).toBe(200);
    expect(twice.body.image.title).toBe('Team');
    for (const raw of ['null', '42', '"just text"', 'true']) {
      const res = await post(raw);
      expect(res.status, raw).toBe(400);
      expect(res.body.error.message, raw).toBe('Invalid request: the body must be a JSON object');
    }
    const broken = await post('{"data": [');
    expect(broken.body.error.message).toBe('Invalid JSON format');
    expect(await h.rendered(u.userId)).toHaveLength(1);
  });

  it('treats null for an optional field as not given, one bundle as one row, and JSON text in a field as its value', async () => {
    const u = await h.user('premium');
    const post = (body: object) => h.postTable(u.apiKey).send(body);
    const nulls = await post({ data: [{ a: 1 }], title: null, styles: null, options: null, customFilename: null });
    expect(nulls.status).toBe(200);
    const nestedNulls = await post({
      data: [{ a: 1 }],
      options: { title: null, width: null, styles: { headerBg: null } },
      styles: { headerBg: null, headerText: '#000' },
    });
    expect(nestedNulls.status).toBe(200);
    const bundle = await post({ title: 'One', data: { Name: 'Ada', Age: 36 } });
    expect(bundle.status).toBe(200);
    expect((await h.rendered(u.userId)).at(-1)!.data).toMatchObject({ rows: 1, columns: 2 });
    const text = await post({
      title: 'Text',
      data: JSON.stringify([{ a: 1 }, { a: 2 }, { a: 3 }]),
      styles: '{"headerBg":"#112233"}',
    });
    expect(text.status).toBe(200);
    expect((await h.rendered(u.userId)).at(-1)!.data).toMatchObject({ rows: 3, columns: 1 });
  });
});

describe('messages that say what is wrong', () => {
  const post = (key: string, body: object) =>
    http(h).post('/api/jsonable/table-to-image/preview').set('X-API-Key', key).send(body);

  it('names the field of a wrong style or option', async () => {
    const u = await h.user('premium');
    const cases: Array<[object, RegExp]> = [
      [{ styles: { imageFormat: 'gif' } }, /^Invalid styles\.imageFormat: /],
      [{ styles: { borderStyle: 'double' } }, /^Invalid styles\.borderStyle: /],
      [{ styles: { headerBg: '#12345' } }, /^Invalid styles\.headerBg: Colours must be hex/],
      [{ options: { dataProcessing: { sortDirection: 'up' } } }, /^Invalid options\.dataProcessing\.sortDirection: /],
      [{ options: { pdf: { pageSize: 'A3' } } }, /^Invalid options\.pdf\.pageSize: Expected A4, Letter or Legal$/],
      [
        { options: { pdf: { orientation: 'sideways' } } },
        /^Invalid options\.pdf\.orientation: Expected auto, portrait or landscape$/,
      ],
      [
        { options: { pdf: { pagesize: 'A4' } } },
        /^Invalid options\.pdf: Unknown PDF option "pagesize" \(expected pageSize, orientation, align or fit\)$/,
      ],
      [
        { options: { pdf: 'A4' } },
        /^Invalid options\.pdf: Expected an object with pageSize, orientation, align or fit$/,
      ],
    ];
    for (const [extra, expected] of cases) {
      const res = await post(u.apiKey, { data: [{ a: 1 }], ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.error.message, JSON.stringify(extra)).toMatch(expected);
    }
    const header = await post(u.apiKey, { headers: [1, null], rows: [[1, 2]] });
    expect(header.body.error.message).toBe('Invalid headers.1: Each header must be a string or a number');
    const empty = await post(u.apiKey, { data: [] });
    expect(empty.body.error.message).toBe('Must provide either data array or headers');
  });

  it('says what is wrong with data rows that name no column', async () => {
    const u = await h.user('premium');
    for (const data of [[1, 2, 3], [null], ['a', 'b']]) {
      const res = await post(u.apiKey, { data });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(
        'Each data row must be an object (its keys become the headers) or an array of cells',
      );
    }
    const noKeys = await post(u.apiKey, { data: [{}, {}] });
    expect(noKeys.body.error.message).toBe('The data rows have no keys to use as column headers');
  });

  it('gives the height of a table too tall for an image, not a made-up width', async () => {
    const u = await h.user('premium');
    const rows = Array.from({ length: 2000 }, (_, i) => ({ a: i, b: 'x', c: 'y' }));
    const res = await post(u.apiKey, { data: rows });
    expect(res.status).toBe(413);
    expect(res.body.error.message).toMatch(/^The image would be at least \d+ pixels tall \(at most 16384 per side\)/);
  });
});

describe('keys as no-code tools send them', () => {
  it('accepts a bare key in Authorization (no Bearer) when it is one of ours', async () => {
    const u = await h.user('premium');
    expect(
      (await http(h).post('/api/jsonable/table-to-image').set('Authorization', u.apiKey).send(smallTable)).status,
    ).toBe(200);
    const other = await http(h)
      .post('/api/jsonable/table-to-image')
      .set('Authorization', 'Basic dXNlcjpwYXNz')
      .send(smallTable);
    expect(other.status).toBe(401);
  });
});

describe('CORS for the public API', () => {
  it('grants preflights of the key routes and the project endpoint, without credentials', async () => {
    for (const path of [
      '/api/jsonable/table-to-image',
      '/api/jsonable/table-to-image/preview',
      '/api/table-to-image',
      '/api/jsonable/p/some-hook',
    ]) {
      const res = await http(h)
        .options(path)
        .set('Origin', 'https://app.example.org')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type,x-api-key');
      expect(res.status, path).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-methods']).toContain('POST');
      expect(res.headers['access-control-allow-headers']).toMatch(/X-API-Key/);
      expect(res.headers['access-control-allow-headers']).toMatch(/Authorization/);
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('lets a page read answers and errors of the public API and the images, but not of cookie routes', async () => {
    const u = await h.user('premium');
    const ok = await http(h)
      .post('/api/jsonable/table-to-image')
      .set('Origin', 'https://app.example.org')
      .set('X-API-Key', u.apiKey)
      .send(smallTable);
    expect(ok.status).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe('*');
    const denied = await http(h)
      .post('/api/jsonable/table-to-image')
      .set('Origin', 'https://app.example.org')
      .send(smallTable);
    expect(denied.status).toBe(401);
    expect(denied.headers['access-control-allow-origin']).toBe('*');
    const image = await http(h).get(new URL(ok.body.imageUrl).pathname).set('Origin', 'https://app.example.org');
    expect(image.status).toBe(200);
    expect(image.headers['access-control-allow-origin']).toBe('*');
    for (const path of ['/api/user', '/api/jsonable/projects', '/api/login', '/api/jsonable/json-to-png']) {
      const preflight = await http(h)
        .options(path)
        .set('Origin', 'https://evil.example')
        .set('Access-Control-Request-Method', 'POST');
      expect(preflight.headers['access-control-allow-origin'], path).toBeUndefined();
    }
  });
});
