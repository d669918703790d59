import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidTableJson, buildRequestBody, changedSettings, columnsOf, ownFeatureFields } from './request-body';
import { defaultTableSettings } from '../../../lib/table-settings';

describe('preview/save request body', () => {
  it('adds projectId and customFilename to options and keeps the payload', () => {
    const { body, title } = buildRequestBody('{"title":"T","data":[{"a":1}]}', defaultTableSettings, 'p1', ' Report ');
    expect(body).toEqual({
      title: 'T',
      data: [{ a: 1 }],
      options: { projectId: 'p1', customFilename: 'Report' },
      projectId: 'p1',
    });
    expect(title).toBe('T');
  });

  it("sends only the settings changed from the defaults, under the JSON's own styles", () => {
    const settings = { ...defaultTableSettings, headerBg: '#ff0000', cellPadding: 4 };
    expect(changedSettings(settings)).toEqual({ headerBg: '#ff0000', cellPadding: 4 });
    const { body } = buildRequestBody('{"data":[{"a":1}],"styles":{"headerBg":"#00ff00"}}', settings, null, '');
    expect(body.styles).toEqual({ headerBg: '#00ff00', cellPadding: 4 });
    expect(body).not.toHaveProperty('projectId');
  });

  it('wraps a bare array of rows as data', () => {
    expect(buildRequestBody('[{"a":1}]', defaultTableSettings, null, '').body.data).toEqual([{ a: 1 }]);
  });

  it('refuses anything that is not a JSON object or array with the spec message', () => {
    for (const bad of ['{', '', '42', '"x"', 'null']) {
      expect(() => buildRequestBody(bad, defaultTableSettings, null, '')).toThrow(InvalidTableJson);
      expect(() => buildRequestBody(bad, defaultTableSettings, null, '')).toThrow(
        'Invalid JSON format or server error',
      );
    }
  });

  it('never throws anything but InvalidTableJson, whatever is typed', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), fc.string(), (text, name) => {
        try {
          const { body } = buildRequestBody(text, defaultTableSettings, 'p', name);
          expect(body.options).toMatchObject({ projectId: 'p' });
        } catch (err) {
          expect(err).toBeInstanceOf(InvalidTableJson);
        }
      }),
    );
  });

  it("adds the Style Settings tab's formats, spanners and notes as top-level fields; the JSON's own win (issue #24)", () => {
    const features = {
      subtitle: 'FY',
      conditionalFormats: [{ type: 'dataBar', column: 'A' }],
      spanners: [{ label: 'S', columns: ['A'] }],
    };
    const { body } = buildRequestBody('{"data":[{"A":1}],"spanners":[]}', defaultTableSettings, null, '', features);
    expect(body).toMatchObject({ subtitle: 'FY', conditionalFormats: features.conditionalFormats, spanners: [] });
    expect(ownFeatureFields({ spanners: [] }, features)).toEqual(['spanners']);
  });

  it('reads column names from rows or headers, and none from what does not parse', () => {
    expect(columnsOf('[{"A":1},{"B":2}]')).toEqual(['A', 'B']);
    expect(columnsOf('{"headers":["X","Y"],"rows":[[1,2]]}')).toEqual(['X', 'Y']);
    expect(columnsOf('{"data": [1, null, {"Q1": 3}]}')).toEqual(['Q1']);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        expect(Array.isArray(columnsOf(text))).toBe(true);
      }),
    );
  });
});
