/**
 * Paged and filtered lists (issue #30): GET /api/jsonable/user/images, a project's images,
 * projects and billing history. Images are made through the real render route and command
 * handler; only the table engine is the quick stand-in (support/quick-renderer.ts).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_PAGE_DEFAULT, LIST_PAGE_MAX, nextLink, ZIP_MAX_BYTES } from '@jsonable/contracts/lists';
import { givenRenderHarness, http, type TestUser } from './render.harness';
import type { TableRenderer } from '@jsonable/domain/ports';
import { quickRenderer } from './support/quick-renderer';
import { readZip } from './support/read-zip';

/**
 * The quick stand-in, except that a table titled `bytes N` is recorded as an N-byte image (its
 * file stays tiny): the ZIP's size bound is checked on the recorded sizes, so it can be tested at
 * its true 200 MB without writing 200 MB.
 */
const sizedRenderer: TableRenderer = {
  async render(input, options) {
    const output = await quickRenderer.render(input, options);
    const claimed = /^bytes (\d+)$/.exec(output.title ?? '');
    return claimed ? { ...output, size: Number(claimed[1]) } : output;
  },
  close: () => quickRenderer.close(),
};

const h = givenRenderHarness({ renderer: sizedRenderer });

interface Listed {
  id: string;
  title: string | null;
  filename: string;
  format: string;
  project_id: string | null;
  createdAt: string;
}

async function render(
  u: TestUser,
  opts: { title?: string; format?: string; projectId?: string; filename?: string } = {},
): Promise<Listed> {
  const query = opts.projectId ? `?projectId=${encodeURIComponent(opts.projectId)}` : '';
  const res = await http(h)
    .post(`/api/jsonable/json-to-png${query}`)
    .set('Cookie', u.cookie)
    .send({
      title: opts.title ?? 'Table',
      headers: ['A', 'B'],
      rows: [['1', '2']],
      options: { format: opts.format ?? 'png', ...(opts.filename ? { customFilename: opts.filename } : {}) },
    });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...res.body.image, format: opts.format ?? 'png' } as Listed;
}

async function createProject(u: TestUser, name: string): Promise<string> {
  const res = await http(h)
    .post('/api/jsonable/projects')
    .set('Cookie', u.cookie)
    .send({ name, endpointPath: `/api/jsonable/p/${name.toLowerCase()}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** Path and query of a Link target (it is absolute, on the configured public URL). */
const local = (url: string) => {
  const u = new URL(url);
  expect(u.origin).toBe('https://jsonable.test');
  return `${u.pathname}${u.search}`;
};

/** Follows `rel="next"` from `path` to the end; every page's ids, in order. */
async function follow(u: TestUser, path: string): Promise<{ ids: string[]; pages: number; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let next: string | null = path;
  let pages = 0;
  while (next) {
    const res = await http(h).get(next).set('Cookie', u.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids.push(...(res.body as Listed[]).map((i) => i.id));
    totals.push(Number(res.headers['x-total-count']));
    const link = nextLink(res.headers.link);
    next = link ? local(link) : null;
    if (++pages > 500) throw new Error('too many pages');
  }
  return { ids, pages, totals };
}

const message = (res: { body: { error?: { message?: string } } }) => res.body.error?.message ?? '';

describe('GET /api/jsonable/user/images pages', () => {
  let u: TestUser;
  let made: Listed[];
  beforeAll(async () => {
    u = await h.user('premium');
    made = [];
    for (let i = 0; i < LIST_PAGE_DEFAULT + 7; i++) made.push(await render(u, { title: `Report ${i}` }));
  });

  it('answers the newest page of the default size with Link rel="next" and X-Total-Count, and following it gives every image once', async () => {
    const res = await http(h).get('/api/jsonable/user/images').set('Cookie', u.cookie);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(LIST_PAGE_DEFAULT);
    expect(res.headers['x-total-count']).toBe(String(made.length));
    expect(res.headers.link).toMatch(
      /^<https:\/\/jsonable\.test\/api\/jsonable\/user\/images\?cursor=[A-Za-z0-9_-]+>; rel="next"$/,
    );
    const newestFirst = [...made].reverse().map((i) => i.id);
    expect((res.body as Listed[]).map((i) => i.id)).toEqual(newestFirst.slice(0, LIST_PAGE_DEFAULT));

    const all = await follow(u, '/api/jsonable/user/images?limit=10');
    expect(all.ids).toEqual(newestFirst);
    expect(all.pages).toBe(Math.ceil(made.length / 10));
    expect(new Set(all.totals)).toEqual(new Set([made.length]));
  });

  it('keeps the filters in the next link and has none on the last page', async () => {
    const res = await http(h).get('/api/jsonable/user/images?limit=5&q=report%201').set('Cookie', u.cookie);
    expect(res.headers['x-total-count']).toBe(String(made.filter((i) => i.title!.startsWith('Report 1')).length));
    expect(nextLink(res.headers.link)).toContain('q=report+1');
    const last = await http(h).get(`/api/jsonable/user/images?limit=${LIST_PAGE_MAX}`).set('Cookie', u.cookie);
    expect(last.body).toHaveLength(made.length);
    expect(last.headers.link).toBeUndefined();
  });

  it('refuses a limit outside 1…400 or not a whole number, naming the limit', async () => {
    for (const limit of ['0', '401', '-1', '1.5', 'abc', '', '99999999', '1e2']) {
      const res = await http(h)
        .get(`/api/jsonable/user/images?limit=${encodeURIComponent(limit)}`)
        .set('Cookie', u.cookie);
      expect(res.status, limit).toBe(400);
      expect(message(res), limit).toBe('limit must be a whole number from 1 to 400');
    }
    const twice = await http(h).get('/api/jsonable/user/images?limit=1&limit=2').set('Cookie', u.cookie);
    expect(twice.status).toBe(400);
    expect(message(twice)).toBe('limit must be given once');
  });

  it('refuses garbled, forged and borrowed cursors with 400, never 500 (property)', async () => {
    const first = await http(h).get('/api/jsonable/user/images?limit=3').set('Cookie', u.cookie);
    const cursor = new URL(nextLink(first.headers.link)!).searchParams.get('cursor')!;
    const other = await h.user('premium');
    await render(other);
    // Another account, other filters, another list: the same cursor is refused.
    for (const [who, path] of [
      [other, `/api/jsonable/user/images?cursor=${cursor}`],
      [u, `/api/jsonable/user/images?cursor=${cursor}&format=svg`],
      [u, `/api/jsonable/projects?cursor=${cursor}`],
    ] as const) {
      const res = await http(h).get(path).set('Cookie', who.cookie);
      expect(res.status, path).toBe(400);
      expect(message(res)).toMatch(/^cursor belongs to another list or other filters/);
    }
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const bad of [
      '!!!',
      'a'.repeat(601),
      forged({ p: ['x'] }),
      forged({ p: [1, 2], s: 'x' }),
      forged([1]),
      forged({ p: ['2026-01-01', 'id'], s: 'forged' }),
      'bm90IGpzb24',
    ]) {
      const res = await http(h)
        .get(`/api/jsonable/user/images?cursor=${encodeURIComponent(bad)}`)
        .set('Cookie', u.cookie);
      expect(res.status, bad).toBe(400);
      expect(message(res)).toMatch(/^cursor (is not valid|belongs to another)/);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 80 }), fc.base64String({ maxLength: 120 }), fc.json().map(forged)),
        async (raw) => {
          const res = await http(h)
            .get(`/api/jsonable/user/images?cursor=${encodeURIComponent(raw)}`)
            .set('Cookie', u.cookie);
          expect(res.status).toBe(400);
          expect(res.body.success).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('GET /api/jsonable/user/images filters', () => {
  let u: TestUser;
  let projectA: string;
  let projectB: string;
  const byTitle = new Map<string, Listed>();
  beforeAll(async () => {
    u = await h.user('premium');
    projectA = await createProject(u, `Alpha${Date.now() % 100000}`);
    projectB = await createProject(u, `Beta${Date.now() % 100000}`);
    const spec: Array<[string, string, string | undefined, string | undefined]> = [
      ['Quarterly Sales', 'png', projectA, undefined],
      ['inventory', 'svg', projectA, 'stock-SALES-export'],
      ['Server status', 'pdf', projectB, undefined],
      ['SALES by region', 'jpeg', undefined, undefined],
      ['Éclair orders', 'svg', projectB, undefined],
    ];
    for (const [title, format, projectId, filename] of spec) {
      byTitle.set(title, await render(u, { title, format, projectId, filename }));
      h.advance(2 * 24 * 60 * 60 * 1000);
    }
  });
  const titles = async (query: string) => {
    const res = await http(h).get(`/api/jsonable/user/images?${query}`).set('Cookie', u.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Number(res.headers['x-total-count'])).toBe(res.body.length);
    return (res.body as Listed[]).map((i) => i.title);
  };

  it('filters by project, format, created date and a case-insensitive search of title or file name, newest first', async () => {
    expect(await titles(`projectId=${projectA}`)).toEqual(['inventory', 'Quarterly Sales']);
    expect(await titles('projectId=none')).toEqual(['SALES by region']);
    expect(await titles('format=svg')).toEqual(['Éclair orders', 'inventory']);
    expect(await titles('format=JPG')).toEqual(['SALES by region']);
    expect(await titles('q=sales')).toEqual(['SALES by region', 'inventory', 'Quarterly Sales']);
    expect(await titles('q=%C3%89CLAIR')).toEqual(['Éclair orders']);
    expect(await titles('q=.*')).toEqual([]);
    expect(await titles(`q=sales&projectId=${projectA}&format=png`)).toEqual(['Quarterly Sales']);
    const created = (title: string) => byTitle.get(title)!.createdAt;
    const day = (iso: string) => iso.slice(0, 10);
    expect(await titles(`from=${day(created('inventory'))}&to=${day(created('SALES by region'))}`)).toEqual([
      'SALES by region',
      'Server status',
      'inventory',
    ]);
    expect(await titles(`from=${encodeURIComponent(created('Server status'))}`)).toEqual([
      'Éclair orders',
      'SALES by region',
      'Server status',
    ]);
    expect(await titles(`to=${encodeURIComponent(created('inventory'))}`)).toEqual(['inventory', 'Quarterly Sales']);
  });

  it("lists a project's images at /api/jsonable/projects/{id}/images, and 404s someone else's project either way", async () => {
    const res = await http(h).get(`/api/jsonable/projects/${projectB}/images?limit=1`).set('Cookie', u.cookie);
    expect((res.body as Listed[]).map((i) => i.title)).toEqual(['Éclair orders']);
    expect(res.headers['x-total-count']).toBe('2');
    expect(await follow(u, `/api/jsonable/projects/${projectB}/images?limit=1`)).toMatchObject({ pages: 2 });
    const stranger = await h.user('premium');
    for (const path of [
      `/api/jsonable/projects/${projectA}/images`,
      `/api/jsonable/user/images?projectId=${projectA}`,
      '/api/jsonable/projects/nope/images',
    ]) {
      const other = await http(h).get(path).set('Cookie', stranger.cookie);
      expect(other.status, path).toBe(404);
      expect(message(other)).toBe('Project not found');
    }
    expect((await http(h).get(`/api/jsonable/projects/${projectA}/images`)).status).toBe(401);
  });

  it('refuses filters of the wrong type or shape with 400 and a message naming them', async () => {
    const cases: Array<[string, RegExp]> = [
      ['format=gif', /^format must be one of png, jpeg, webp, avif, svg, pdf$/],
      ['format=png&format=svg', /^format must be given once$/],
      ['from=2026-02-31', /^from must be a date/],
      ['to=yesterday', /^to must be a date/],
      ['from=2026-03-01&to=2026-02-01', /^from must not be after to$/],
      [`q=${'x'.repeat(201)}`, /^q must be at most 200 characters/],
      ['q=a%00b', /^q must be at most 200 characters, without control characters$/],
      ['projectId=..%2F..', /^projectId must be a project id$/],
      ['projectId=a&projectId=b', /^projectId must be given once$/],
    ];
    for (const [query, expected] of cases) {
      const res = await http(h).get(`/api/jsonable/user/images?${query}`).set('Cookie', u.cookie);
      expect(res.status, query).toBe(400);
      expect(message(res), query).toMatch(expected);
    }
  });
});

describe('X-Total-Count from the kept counts', () => {
  it('follows renders, deletions and a deleted project for every project and format filter', async () => {
    const u = await h.user('premium');
    const p = await createProject(u, `Counted${Date.now() % 100000}`);
    const made = [
      await render(u, { format: 'png', projectId: p }),
      await render(u, { format: 'svg', projectId: p }),
      await render(u, { format: 'svg', projectId: p }),
      await render(u, { format: 'png' }),
    ];
    const total = async (query: string) => {
      const res = await http(h).get(`/api/jsonable/user/images?limit=1&${query}`).set('Cookie', u.cookie);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const listed = await http(h)
        .get(`/api/jsonable/user/images?limit=${LIST_PAGE_MAX}&${query}`)
        .set('Cookie', u.cookie);
      expect(res.headers['x-total-count'], query).toBe(String(listed.body.length));
      return Number(res.headers['x-total-count']);
    };
    const queries = [
      '',
      `projectId=${p}`,
      `projectId=${p}&format=svg`,
      'projectId=none',
      'projectId=none&format=png',
      'format=svg',
      'format=pdf',
    ];
    expect(await Promise.all(queries.map(total))).toEqual([4, 3, 2, 1, 1, 2, 0]);
    await http(h).delete(`/api/jsonable/user/images/${made[1]!.id}`).set('Cookie', u.cookie).expect(200);
    expect(await Promise.all(queries.map(total))).toEqual([3, 2, 1, 1, 1, 1, 0]);
    await http(h).delete(`/api/jsonable/projects/${p}`).set('Cookie', u.cookie).expect(200);
    // The project's images are kept, now without a project.
    expect(
      await Promise.all(
        ['', 'projectId=none', 'projectId=none&format=png', 'projectId=none&format=svg', 'format=svg'].map(total),
      ),
    ).toEqual([3, 3, 2, 1, 1]);
  });
});

describe('cursors under concurrent inserts and deletes', () => {
  it('following cursors yields every image that existed throughout exactly once, and nothing twice (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(
          fc.record({ inserts: fc.integer({ min: 0, max: 2 }), deletes: fc.array(fc.nat(), { maxLength: 2 }) }),
          { maxLength: 8 },
        ),
        async (initial, limit, between) => {
          const u = await h.user('premium');
          const live: string[] = [];
          for (let i = 0; i < initial; i++) live.push((await render(u, { title: `Start ${i}` })).id);
          const existedAtStart = new Set(live);
          const deleted = new Set<string>();
          const everCreated = new Set(live);
          const seen: string[] = [];
          let next: string | null = `/api/jsonable/user/images?limit=${limit}`;
          let step = 0;
          while (next) {
            const res = await http(h).get(next).set('Cookie', u.cookie);
            expect(res.status).toBe(200);
            seen.push(...(res.body as Listed[]).map((i) => i.id));
            const link = nextLink(res.headers.link);
            next = link ? local(link) : null;
            // Between two pages: new images (newest, so before the cursor) and deletions anywhere.
            const ops = between[step++];
            if (ops) {
              for (let i = 0; i < ops.inserts; i++) {
                const made = await render(u, { title: `New ${step}.${i}` });
                live.push(made.id);
                everCreated.add(made.id);
              }
              for (const pick of ops.deletes) {
                if (live.length === 0) break;
                const [victim] = live.splice(pick % live.length, 1);
                const del = await http(h).delete(`/api/jsonable/user/images/${victim}`).set('Cookie', u.cookie);
                expect(del.status).toBe(200);
                deleted.add(victim!);
              }
            }
          }
          const throughout = [...existedAtStart].filter((id) => !deleted.has(id));
          for (const id of throughout) expect(seen.filter((s) => s === id)).toHaveLength(1);
          expect(new Set(seen).size).toBe(seen.length);
          for (const id of seen) expect(everCreated.has(id)).toBe(true);
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('other paged lists', () => {
  it('pages projects oldest first with Link and X-Total-Count, as an array', async () => {
    const u = await h.user('business');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await createProject(u, `P${i}x${Date.now() % 100000}`));
    const first = await http(h).get('/api/jsonable/projects?limit=2').set('Cookie', u.cookie);
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.body.map((p: { id: string }) => p.id)).toEqual(ids.slice(0, 2));
    expect((await follow(u, '/api/projects?limit=2')).ids).toEqual(ids);
    expect((await follow(u, '/api/jsonable/projects')).pages).toBe(1);
    expect((await http(h).get('/api/jsonable/projects?limit=401').set('Cookie', u.cookie)).status).toBe(400);
  });
});

describe('POST /api/jsonable/user/images/zip', () => {
  const zipOf = (u: TestUser, body: unknown) =>
    http(h)
      .post('/api/jsonable/user/images/zip')
      .set('Cookie', u.cookie)
      .send(body as object)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it('streams the selected images of the user as one ZIP, each file as served', async () => {
    const u = await h.user('premium');
    const images = [
      await render(u, { title: 'One', format: 'png' }),
      await render(u, { title: 'Two', format: 'svg' }),
      await render(u, { title: 'Three', format: 'pdf' }),
    ];
    const res = await zipOf(u, { ids: [images[0]!.id, images[1]!.id, images[2]!.id, images[0]!.id] });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="jsonable-images-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = readZip(res.body as Buffer);
    expect([...entries.keys()].sort()).toEqual(images.map((i) => i.filename).sort());
    for (const image of images) {
      const served = await http(h)
        .get(`/api/images/${image.filename}`)
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(entries.get(image.filename)!.equals(served.body as Buffer), image.filename).toBe(true);
    }
  });

  it('streams a selection of exactly 200 MB and refuses one byte more with 413 naming the size, before any byte', async () => {
    const u = await h.user('premium');
    const half = await render(u, { title: `bytes ${ZIP_MAX_BYTES / 2}` });
    const otherHalf = await render(u, { title: `bytes ${ZIP_MAX_BYTES / 2}` });
    const oneByte = await render(u, { title: 'bytes 1' });
    const atLimit = await zipOf(u, { ids: [half.id, otherHalf.id] });
    expect(atLimit.status).toBe(200);
    expect([...readZip(atLimit.body as Buffer).keys()].sort()).toEqual([half.filename, otherHalf.filename].sort());
    const over = await http(h)
      .post('/api/jsonable/user/images/zip')
      .set('Cookie', u.cookie)
      .send({ ids: [half.id, otherHalf.id, oneByte.id] });
    expect(over.status).toBe(413);
    expect(over.headers['content-type']).toMatch(/^application\/json/);
    expect(message(over)).toBe('The selected images take 200.0 MB; one ZIP holds at most 200 MB. Select fewer images.');
  });

  it("refuses someone else's, deleted and unknown images, empty, oversized and wrong-typed selections, before any byte", async () => {
    const [u, other] = [await h.user('premium'), await h.user('premium')];
    const mine = await render(u);
    const gone = await render(u);
    await http(h).delete(`/api/jsonable/user/images/${gone.id}`).set('Cookie', u.cookie).expect(200);
    const theirs = await render(other);
    const cases: Array<[unknown, number, RegExp]> = [
      [{ ids: [mine.id, theirs.id] }, 404, /^1 of the selected images was not found or deleted/],
      [{ ids: [mine.id, gone.id, 'nope'] }, 404, /^2 of the selected images were not found or deleted/],
      [{ ids: [] }, 400, /^ids must be a list of 1 to 500 image ids$/],
      [{ ids: Array.from({ length: 501 }, (_, i) => `id${i}`) }, 400, /^ids must be a list of 1 to 500 image ids$/],
      [{ ids: 'abc' }, 400, /^ids must be a list/],
      [{ ids: [1, 2] }, 400, /^ids must be a list/],
      [{ ids: ['../../etc/passwd'] }, 400, /^ids must be a list/],
      [[mine.id], 400, /^ids must be a list/],
    ];
    for (const [body, status, expected] of cases) {
      const res = await http(h)
        .post('/api/jsonable/user/images/zip')
        .set('Cookie', u.cookie)
        .send(body as object);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(message(res)).toMatch(expected);
    }
    expect(
      (
        await http(h)
          .post('/api/jsonable/user/images/zip')
          .send({ ids: [mine.id] })
      ).status,
    ).toBe(401);
  });
});
