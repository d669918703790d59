import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { overlayOpenApi } from './openapi';
import { staticEndpoints } from './endpoints';

describe('overlayOpenApi', () => {
  it('keeps the static description when there is no document', () => {
    expect(overlayOpenApi(null, staticEndpoints)).toBe(staticEndpoints);
    expect(overlayOpenApi({ openapi: '3.1.0' }, staticEndpoints)).toBe(staticEndpoints);
  });

  it('takes the server description, parameters ($ref included), responses and security', () => {
    const doc = {
      openapi: '3.1.0',
      components: {
        schemas: {
          Table: {
            type: 'object',
            required: ['data'],
            properties: {
              data: { type: 'array', items: { type: 'object' }, description: 'Rows' },
              title: { type: 'string' },
              headers: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
            },
          },
        },
      },
      paths: {
        '/api/table-to-image': {
          post: {
            description: 'Render and store.',
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Table' } } } },
            parameters: [{ name: 'api_key', in: 'query', schema: { type: 'string' }, description: 'Key in the query' }],
            responses: { '401': { description: 'Bad key' }, '200': { description: 'OK' } },
            security: [{ bearer: [] }],
          },
        },
        '/api/images/{filename}': {
          get: {
            summary: 'The file',
            description: 'The stored file.',
            security: [],
            responses: { '200': { description: 'Image' } },
          },
        },
      },
    };
    const [gen, preview, image] = overlayOpenApi(doc, staticEndpoints);
    expect(gen?.description).toBe('Render and store.');
    expect(gen?.params).toEqual([
      { name: 'api_key', in: 'query', type: 'string', required: false, description: 'Key in the query' },
      { name: 'data', in: 'body', type: 'object[]', required: true, description: 'Rows' },
      {
        name: 'title',
        in: 'body',
        type: 'string',
        required: false,
        description: staticEndpoints[0]!.params.find((p) => p.name === 'title')!.description,
      },
      // An array of a union reads as one: not "string | number[]".
      {
        name: 'headers',
        in: 'body',
        type: '(string | number)[]',
        required: false,
        description: staticEndpoints[0]!.params.find((p) => p.name === 'headers')!.description,
      },
    ]);
    expect(gen?.responses.map((r) => r.code)).toEqual(['200', '401']);
    expect(gen?.auth).toBe('api-key');
    expect(preview).toBe(staticEndpoints[1]);
    expect(image?.description).toBe('The stored file.');
    expect(image?.auth).toBe('public');
  });

  it('never throws on arbitrary JSON and always returns one block per endpoint', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (paths) => {
        const out = overlayOpenApi(
          { paths: { '/api/jsonable/table-to-image': { post: paths }, '/api/images/{filename}': paths } },
          staticEndpoints,
        );
        expect(out).toHaveLength(staticEndpoints.length);
      }),
    );
  });
});
