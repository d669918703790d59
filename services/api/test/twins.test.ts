/**
 * Accessible and machine-readable twins (issue #25): alt text generated for every render,
 * listed and editable; `{imageUrl}.csv` and `.html` hold exactly the data drawn.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { altTextOf, type DrawnTable } from '@jsonable/contracts/alt-text';
import { randomUUID } from 'node:crypto';
import { liveImageSchema } from '@jsonable/contracts/live';
import { usagePeriodIndex } from '@jsonable/contracts/plans';
import { userImagesResponseSchema } from '@jsonable/contracts/render-api';
import { streams } from '@jsonable/contracts/streams';
import { csvOf, neutralizeFormula, twinMessages } from '../src/routes/images/twins';
import { givenRenderHarness, http, PUBLIC_URL, smallTable, verifyReplay } from './render.harness';

const h = givenRenderHarness();

/** RFC 4180 reader: the inverse the twins must satisfy. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

const hostile = {
  title: 'Q3 <b>"sales"</b>',
  headers: ['Name', 'Formula', 'Note'],
  rows: [
    ['Ada, Countess', '=HYPERLINK("http://evil","x")', 'line one\nline two'],
    ['<script>alert(1)</script>', '-12.5', '@SUM(A1)'],
    ['Grace "Amazing"', '+3%', 'ünïcødé ✓ 报告'],
  ],
};
const path = (url: string) => url.slice(PUBLIC_URL.length);

describe('alt text', () => {
  it('is generated for every render, returned, listed, and editable by the owner only', async () => {
    const u = await h.user('premium');
    const res = await h.postTable(u.apiKey).send(hostile);
    expect(res.status).toBe(200);
    expect(res.body.altText).toBe(res.body.image.altText);
    expect(res.body.altText).toMatch(
      /^Table: Q3 <b>"sales"<\/b>\. 3 rows, 3 columns: Name, Formula, Note\. Row 1: Name Ada, Countess, Formula =HYPERLINK/,
    );
    const [listed] = (await http(h).get('/api/jsonable/user/images').set('Cookie', u.cookie)).body;
    expect(listed.altText).toBe(res.body.altText);

    const edit = (id: string, body: unknown, cookie = u.cookie) =>
      http(h)
        .patch(`/api/jsonable/user/images/${id}`)
        .set('Cookie', cookie)
        .send(body as object);
    const changed = await edit(listed.id, { altText: '  Quarterly sales by person  ' });
    expect(changed.status).toBe(200);
    expect(changed.body.altText).toBe('Quarterly sales by person');
    expect((await http(h).get('/api/jsonable/user/images').set('Cookie', u.cookie)).body[0].altText).toBe(
      'Quarterly sales by person',
    );
    expect((await h.events('ImageAltTextChanged')).filter((e) => e.data.imageId === listed.id)).toHaveLength(1);
    // The same text again changes nothing.
    expect((await edit(listed.id, { altText: 'Quarterly sales by person' })).status).toBe(200);
    expect((await h.events('ImageAltTextChanged')).filter((e) => e.data.imageId === listed.id)).toHaveLength(1);

    for (const bad of [
      {},
      { altText: '' },
      { altText: '   ' },
      { altText: 'x'.repeat(1001) },
      { altText: 42 },
      { altText: 'ok', extra: 1 },
      { altText: ['a'] },
    ]) {
      expect((await edit(listed.id, bad)).status, JSON.stringify(bad).slice(0, 40)).toBe(400);
    }
    const other = await h.user('premium');
    expect((await edit(listed.id, { altText: 'mine now' }, other.cookie)).status).toBe(404);
    expect((await edit('no-such-id', { altText: 'x' })).status).toBe(404);
    expect((await http(h).patch(`/api/jsonable/user/images/${listed.id}`).send({ altText: 'x' })).status).toBe(401);
  });

  it('summarises within 1,000 characters whatever the table (property)', () => {
    const cell = fc.string({ maxLength: 60 });
    fc.assert(
      fc.property(
        fc.option(cell, { nil: null }),
        fc.array(cell, { maxLength: 30 }),
        fc.array(fc.array(cell, { maxLength: 30 }), { maxLength: 40 }),
        (title, columns, rows) => {
          const text = altTextOf({ title, columns, rows: rows.map((cells) => ({ kind: 'body' as const, cells })) });
          expect(text.length).toBeLessThanOrEqual(1000);
          expect(text).toContain(`${rows.length.toLocaleString('en-US')} row`);
        },
      ),
    );
  });
});

describe('CSV and HTML twins', () => {
  it('hold exactly the data drawn, safe for spreadsheets and browsers', async () => {
    const u = await h.user('premium');
    const res = await h.postTable(u.apiKey).send(hostile);
    const image = path(res.body.url);

    const csv = await http(h)
      .get(`${image}.csv`)
      .buffer(true)
      .parse((r, cb) => {
        let t = '';
        r.on('data', (c: Buffer) => {
          t += c.toString('utf8');
        });
        r.on('end', () => cb(null, t));
      });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(csv.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const text = csv.body as string;
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    expect(parseCsv(text)).toEqual([hostile.headers, ...hostile.rows].map((r) => r.map(neutralizeFormula)));
    expect(text).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(parseCsv(text)[2]).toEqual(['<script>alert(1)</script>', '-12.5', "'@SUM(A1)"]);
    const bom = await http(h)
      .get(`${image}.csv?bom=1`)
      .buffer(true)
      .parse((r, cb) => {
        const c: Buffer[] = [];
        r.on('data', (b: Buffer) => c.push(b));
        r.on('end', () => cb(null, Buffer.concat(c)));
      });
    expect([...(bom.body as Buffer).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bom.headers.etag).not.toBe(csv.headers.etag);
    expect((await http(h).get(`${image}.csv`).set('If-None-Match', csv.headers.etag!)).status).toBe(304);

    const html = await http(h).get(`${image}.html`);
    expect(html.status).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    const doc = html.text;
    expect(doc).toContain('<caption>Q3 &lt;b&gt;&quot;sales&quot;&lt;/b&gt;</caption>');
    expect(doc).not.toContain('<script>');
    expect([...doc.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((m) => m[1])).toEqual(hostile.headers);
    const rows = [...doc.matchAll(/<tr>(.*?)<\/tr>/gs)]
      .slice(1)
      .map((m) => [...m[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/gs)].map((c) => c[1]));
    const unescape = (s: string) =>
      s
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');
    expect(rows.map((r) => r.map((c) => unescape(c!)))).toEqual(hostile.rows);
    expect(doc).toMatch(/<tr><th scope="row">Ada, Countess<\/th>/);

    // Gone with the image; names that are not ours are 404.
    const [listed] = (await http(h).get('/api/jsonable/user/images').set('Cookie', u.cookie)).body;
    await http(h).delete(`/api/jsonable/user/images/${listed.id}`).set('Cookie', u.cookie);
    expect((await http(h).get(`${image}.csv`)).status).toBe(404);
    expect((await http(h).get(`${image}.html`)).status).toBe(404);
    expect(await h.blobKeys(`twins/${listed.filename}`)).toEqual([]);
    for (const bad of [
      '/api/images/..%2f..%2fetc.csv',
      '/api/images/x.png.txt',
      '/api/images/x.png.csv.html',
      '/api/images/X.png.csv',
    ]) {
      expect((await http(h).get(bad)).status, bad).toBe(404);
    }
  });

  it('serve the living image: the current version and each version', async () => {
    const u = await h.user('premium');
    const project = (await http(h).post('/api/jsonable/projects').set('Cookie', u.cookie).send({ name: 'Twins' }))
      .body as { id: string; apiKey: string };
    const put = (body: object) => http(h).put('/api/jsonable/live/board').set('X-API-Key', project.apiKey).send(body);
    const first = await put(smallTable);
    await put({ ...smallTable, rows: [['Linus', 'Kernel']] });
    expect(first.body.liveImage.versions[0].altText).toMatch(/^Table: Team\. 2 rows, 2 columns: Name, Role\./);
    const latest = await http(h).get(path(first.body.url).replace(/\.png$/, '.csv'));
    expect(parseCsv(latest.text)).toEqual([
      ['Name', 'Role'],
      ['Linus', 'Kernel'],
    ]);
    const v1 = await http(h).get(path(first.body.versionUrl).replace(/\.png$/, '.html'));
    expect(v1.text).toContain('<th scope="row">Grace</th><td>Admiral</td>');
  });

  it('CSV round-trips any cells through an RFC 4180 reader (property)', () => {
    const cell = fc.string({
      maxLength: 20,
      unit: fc.constantFrom('a', ',', '"', '\n', '\r', '=', '-', '@', '+', '1', ' ', 'é', '\t'),
    });
    fc.assert(
      fc.property(
        fc.array(cell, { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { maxLength: 5 }),
        (columns, rows) => {
          const table: DrawnTable = { title: null, columns, rows: rows.map((cells) => ({ kind: 'body', cells })) };
          const parsed = parseCsv(csvOf(table));
          expect(parsed).toEqual([columns, ...rows].map((r) => r.map(neutralizeFormula)));
          for (const field of parsed.flat())
            expect(/^[=+\-@\t\r]/.test(field) ? /^[+-]?[\d.,]+%?$/.test(field) : true).toBe(true);
        },
      ),
    );
  });
});

describe('images rendered before twins existed (events of the old shape)', () => {
  /** TableRendered and LiveImageVersionRendered as they were recorded before issue #25's twins: no altText, no twin file. */
  async function givenOldRenders() {
    const u = await h.user('premium');
    const project = await h.project(u, 'Old');
    const at = h.deps.clock.now().toISOString();
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const old = (n: number) => {
      const filename = `old-${n}-${randomUUID().slice(0, 8)}.png`;
      return { imageId: randomUUID(), filename, blobKey: `images/${filename}` };
    };
    const image = old(1);
    const version = old(2);
    for (const { blobKey } of [image, version]) await h.deps.blobs.put(blobKey, png, 'image/png');
    const shape = {
      format: 'png',
      contentType: 'image/png',
      width: 8,
      height: 8,
      size: png.length,
      rows: 1,
      columns: 1,
    };
    const registered = (await h.events('UserRegistered')).find((e) => e.data.userId === u.userId)!;
    const period = usagePeriodIndex(registered.data.registeredAt as string, h.deps.clock.now());
    const event = (type: string, data: object) => ({ id: randomUUID(), type, data });
    const rendered = (i: typeof image, live?: object) =>
      event('TableRendered', {
        ...i,
        ...shape,
        userId: u.userId,
        projectId: project.id,
        period,
        title: 'Old table',
        source: 'api_key',
        plan: 'premium',
        idempotencyKey: null,
        requestHash: 'old',
        renderedAt: at,
        ...(live ? { live } : {}),
      });
    const liveIds = { liveImageId: randomUUID(), projectId: project.id, name: 'legacy' };
    await h.deps.eventStore.append(
      streams.live(project.id, 'legacy'),
      [
        event('LiveImageCreated', { ...liveIds, userId: u.userId, endpointPath: project.endpointPath, createdAt: at }),
        event('LiveImageVersionRendered', {
          ...liveIds,
          ...version,
          ...shape,
          userId: u.userId,
          version: 1,
          title: 'Old table',
          by: 'project_key',
          renderedAt: at,
        }),
      ],
      'no_stream',
    );
    const { position } = await h.deps.eventStore.append(
      streams.usage(u.userId, period),
      [rendered(image), rendered(version, { projectId: project.id, name: 'legacy' })],
      'no_stream',
    );
    await h.deps.waitForProjections(position);
    return { u, project, image };
  }

  it('list twins: null and answer 404 saying why for .csv and .html, even after the owner writes alt text', async () => {
    const { u, project, image } = await givenOldRenders();
    const fresh = await h.postTable(u.apiKey).send(smallTable);
    expect(fresh.status).toBe(200);

    const list = userImagesResponseSchema.parse(
      (await http(h).get('/api/jsonable/user/images').set('Cookie', u.cookie)).body,
    );
    const oldOne = list.find((i) => i.id === image.imageId)!;
    const newOne = list.find((i) => i.id !== image.imageId)!;
    expect(oldOne).toMatchObject({ altText: null, twins: null });
    expect(newOne.twins).toEqual({ csv: `${newOne.url}.csv`, html: `${newOne.url}.html` });
    expect((await http(h).get(path(newOne.twins!.csv))).status).toBe(200);
    expect((await http(h).get(path(newOne.twins!.html))).status).toBe(200);

    // The image itself still serves; its twins are a documented 404, not a 5xx or an empty file.
    expect((await http(h).get(path(oldOne.url))).status).toBe(200);
    for (const kind of ['csv', 'html']) {
      const res = await http(h).get(`${path(oldOne.url)}.${kind}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: { code: 404, message: twinMessages.missing } });
      expect(res.headers.etag).toBeUndefined();
      // A revalidation does not turn it into a 304 either.
      const again = await http(h)
        .get(`${path(oldOne.url)}.${kind}`)
        .set('If-None-Match', `"${oldOne.filename}.${kind}"`);
      expect(again.status).toBe(404);
    }
    // Alt text written later does not make a twin.
    const edited = await http(h)
      .patch(`/api/jsonable/user/images/${image.imageId}`)
      .set('Cookie', u.cookie)
      .send({ altText: 'An old table' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ altText: 'An old table', twins: null });
    expect((await http(h).get(`${path(oldOne.url)}.csv`)).status).toBe(404);

    // The living image's old version says so too, on the API and on its URLs.
    const live = liveImageSchema.parse(
      (await http(h).get('/api/jsonable/live/legacy').set('X-API-Key', project.apiKey)).body,
    );
    expect(live.versions[0]).toMatchObject({ version: 1, altText: null, twins: null });
    for (const url of [live.url, live.versions[0]!.url]) {
      expect((await http(h).get(path(url))).status).toBe(200);
      const twin = await http(h).get(path(url).replace(/\.png$/, '.csv'));
      expect(twin.status).toBe(404);
      expect(twin.body.error.message).toBe(twinMessages.missing);
    }
    // A new version of it has twins.
    const next = await http(h).put('/api/jsonable/live/legacy').set('X-API-Key', project.apiKey).send(smallTable);
    expect(next.status).toBe(200);
    const [v2] = liveImageSchema.parse(next.body.liveImage).versions;
    expect(v2!.twins).toEqual({
      csv: v2!.url.replace(/\.png$/, '.csv'),
      html: v2!.url.replace(/\.png$/, '.html'),
    });
    expect((await http(h).get(path(v2!.twins!.csv))).status).toBe(200);
  });

  it('an unreadable twin file is a 404, not a 5xx', async () => {
    const u = await h.user('premium');
    const res = await h.postTable(u.apiKey).send(smallTable);
    const filename = res.body.url.split('/').pop() as string;
    for (const bytes of ['', '{"columns":', '{"columns":[1],"rows":[]}', 'null']) {
      await h.deps.blobs.put(`twins/${filename}.json`, Buffer.from(bytes), 'application/json');
      const twin = await http(h).get(`${path(res.body.url)}.html`);
      expect(twin.status, bytes).toBe(404);
      expect(twin.body.error.message).toBe(twinMessages.unreadable);
    }
  });

  it('replay rebuilds the same twins flags from the old and new events (replay --verify)', async () => {
    await givenOldRenders();
    expect(await verifyReplay(h)).toMatch(/(?<!live-)images@v5\s+ok: \d+ documents identical/);
  });
});
