import { describe, expect, it } from 'vitest';
import { createdProjectSchema, projectListSchema, regenerateKeyResponseSchema } from '@jsonable/contracts/projects';
import {
  generateResponseSchema,
  previewResponseSchema,
  projectEndpointResponseSchema,
  saveImageResponseSchema,
  userImagesResponseSchema,
  userStatsSchema,
  userUsageFieldsSchema,
} from '@jsonable/contracts/render-api';
import type Router from '@koa/router';
import { createApp } from '../src/app';
import { buildOpenApiDocument } from '../src/openapi';
import { modules as registeredModules } from '../src/modules/index';
import { givenRenderHarness, http, smallTable } from './render.harness';

const h = givenRenderHarness();

type Json = Record<string, unknown>;

/** Every `$ref` anywhere in the document. */
function refs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refs(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refs(v, out);
    }
  }
  return out;
}

describe('GET /api/openapi.json', () => {
  it('describes every public route with auth schemes, schemas, the error envelope and status codes', async () => {
    const res = await http(h).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const doc = res.body as Json & {
      paths: Record<string, Record<string, Json>>;
      components: Json & { schemas: Json; securitySchemes: Json };
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/api/jsonable/table-to-image',
      '/api/jsonable/table-to-image/preview',
      '/api/table-to-image',
      '/api/table-to-image/preview',
      '/api/jsonable/p/{endpoint}',
      '/api/jsonable/images/{filename}',
      '/api/images/{filename}',
      '/api/jsonable/status',
    ])
      expect(doc.paths[path], path).toBeDefined();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'apiKeyHeader',
      'apiKeyQuery',
      'bearerAuth',
      'sessionCookie',
    ]);
    const generate = doc.paths['/api/jsonable/table-to-image']!.post!;
    expect(Object.keys(generate.responses as Json)).toEqual(
      expect.arrayContaining(['200', '400', '401', '402', '429', '500']),
    );
    expect(generate.security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }, { apiKeyQuery: [] }]);
    for (const ref of refs(doc)) {
      const name = ref.replace('#/components/schemas/', '');
      expect(doc.components.schemas[name], ref).toBeDefined();
    }
    const envelope = doc.components.schemas.ErrorEnvelope as Json;
    expect(envelope).toMatchObject({ type: 'object', required: ['success', 'error'] });
    const request = doc.components.schemas.TableRequest as Json & { properties: Json };
    expect(Object.keys(request.properties)).toEqual(
      expect.arrayContaining(['data', 'headers', 'rows', 'title', 'styles', 'options', 'customFilename']),
    );
    const options = (request.properties as Record<string, Json & { properties: Record<string, Json> }>).options!;
    expect(options.properties.svgText).toMatchObject({
      enum: ['fonts', 'paths'],
      description: expect.stringContaining('@font-face'),
    });
  });

  it('describes paging on every list: limit with its default and maximum, cursor, filters, Link and X-Total-Count', async () => {
    const doc = (await http(h).get('/api/openapi.json')).body as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: Array<{ name: string; schema: Json }>; responses: Record<string, { headers?: Json }> }
        >
      >;
    };
    for (const path of [
      '/api/jsonable/user/images',
      '/api/jsonable/projects/{id}/images',
      '/api/jsonable/projects',
      '/api/projects',
      '/api/billing/history',
    ]) {
      const get = doc.paths[path]!.get!;
      const limit = get.parameters!.find((p) => p.name === 'limit')!;
      expect(limit.schema, path).toMatchObject({ default: 50, maximum: 400, minimum: 1 });
      expect(
        get.parameters!.map((p) => p.name),
        path,
      ).toContain('cursor');
      expect(Object.keys(get.responses['200']!.headers!), path).toEqual(['Link', 'X-Total-Count']);
      expect(Object.keys(get.responses), path).toContain('400');
    }
    expect(doc.paths['/api/jsonable/user/images']!.get!.parameters!.map((p) => p.name)).toEqual([
      'limit',
      'cursor',
      'projectId',
      'format',
      'from',
      'to',
      'q',
    ]);
  });
});

describe('answers match the contracts the web app and the document use', () => {
  it('for projects, rendering, images, statistics and the user', async () => {
    const u = await h.user('premium');
    const created = await http(h).post('/api/jsonable/projects').set('Cookie', u.cookie).send({ name: 'Contract' });
    createdProjectSchema.parse(created.body);
    projectListSchema.parse((await http(h).get('/api/jsonable/projects').set('Cookie', u.cookie)).body);
    projectListSchema.parse((await http(h).get('/api/projects').set('Cookie', u.cookie)).body);
    generateResponseSchema.parse((await h.postTable(u.apiKey).send(smallTable)).body);
    previewResponseSchema.parse(
      (await http(h).post('/api/table-to-image/preview').set('X-API-Key', u.apiKey).send(smallTable)).body,
    );
    projectEndpointResponseSchema.parse((await http(h).post(created.body.endpointPath).send(smallTable)).body);
    saveImageResponseSchema.parse(
      (await http(h).post('/api/jsonable/json-to-png').set('Cookie', u.cookie).send(smallTable)).body,
    );
    userImagesResponseSchema.parse((await http(h).get('/api/jsonable/user/images').set('Cookie', u.cookie)).body);
    userStatsSchema.parse((await http(h).get('/api/jsonable/user/stats').set('Cookie', u.cookie)).body);
    userUsageFieldsSchema.parse((await http(h).get('/api/jsonable/user').set('Cookie', u.cookie)).body);
    regenerateKeyResponseSchema.parse(
      (await http(h).post(`/api/projects/${created.body.id}/regenerate-key`).set('Cookie', u.cookie)).body,
    );
  });
});

/** `METHOD /path/{param}` of every route the app's router answers (HEAD is GET's shadow). */
function routerOperations(): string[] {
  const app = createApp(h.deps, registeredModules);
  const routers = app.middleware.flatMap((m) => {
    const router = (m as unknown as { router?: Router }).router;
    return router ? [router] : [];
  });
  expect(routers.length).toBeGreaterThan(0);
  const ops = new Set<string>();
  for (const router of routers) {
    for (const layer of router.stack) {
      const path = String(layer.path).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      for (const method of layer.methods) if (method !== 'HEAD') ops.add(`${method} ${path}`);
    }
  }
  return [...ops].sort();
}

function documentOperations(): string[] {
  const doc = buildOpenApiDocument('http://localhost') as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();
}

describe('the OpenAPI document and the router', () => {
  it('describe the same operations: every route is documented and every documented path is served', () => {
    const served = routerOperations();
    const documented = documentOperations();
    expect(
      served.filter((op) => !documented.includes(op)),
      'routes missing from the document',
    ).toEqual([]);
    expect(
      documented.filter((op) => !served.includes(op)),
      'documented operations nobody serves',
    ).toEqual([]);
  });
});
