import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PRESETS } from '@jsonable/contracts/presets';
import { tableLimits } from '@jsonable/contracts/render-api';
import { tableOptionsSchema } from '@jsonable/contracts/table';
import { defaultTableSettings } from '../../../lib/table-settings';
import { PRESET_NAMES, presetSummary } from '../../../lib/channel-presets';
import { buildRequestBody, payloadOf } from './request-body';
import {
  MAX_SPLIT_IMAGES,
  MAX_SPLIT_ROWS,
  emptyRenderOptions,
  expectedFormat,
  presetOverrides,
  renderOptions,
  splitProblem,
  type RenderOptionsDraft,
} from './render-options';

const rows = (n: number) => JSON.stringify({ data: Array.from({ length: n }, (_, i) => ({ n: i })) });
const draft = (over: Partial<RenderOptionsDraft>): RenderOptionsDraft => ({ ...emptyRenderOptions, ...over });
const problem = (d: Partial<RenderOptionsDraft>, json = rows(5), settings = defaultTableSettings) =>
  splitProblem(draft(d), payloadOf(json), settings);

describe('channel preset and split on the create-image screen (issue #25)', () => {
  it('adds the preset and split to options; the JSON’s own options win', () => {
    const chosen = renderOptions(draft({ preset: 'slack', split: 'rows', maxRows: ' 25 ' }));
    expect(chosen).toEqual({ preset: 'slack', split: { maxRows: 25 } });
    const { body } = buildRequestBody(rows(3), defaultTableSettings, 'p1', '', {}, chosen);
    expect(body.options).toEqual({ preset: 'slack', split: { maxRows: 25 }, projectId: 'p1' });

    const auto = renderOptions(draft({ preset: 'x', split: 'auto' }));
    const own = buildRequestBody(
      '{"data":[{"a":1}],"options":{"preset":"email"}}',
      defaultTableSettings,
      null,
      '',
      {},
      auto,
    );
    expect(own.body.options).toEqual({ preset: 'email', split: 'auto' });
    const ownSplit = buildRequestBody(
      '{"data":[{"a":1}],"options":{"split":{"maxRows":2}}}',
      defaultTableSettings,
      null,
      '',
      {},
      auto,
    );
    expect(ownSplit.body.options).toEqual({ preset: 'x', split: { maxRows: 2 } });

    expect(renderOptions(emptyRenderOptions)).toEqual({});
    expect(buildRequestBody(rows(1), defaultTableSettings, null, '', {}, {}).body.options).toEqual({});
  });

  it('checks rows per image with the contract’s limits', () => {
    for (const bad of ['', '0', '-3', '1.5', 'ten', String(MAX_SPLIT_ROWS + 1), '1e9'])
      expect(problem({ split: 'rows', maxRows: bad }), bad).toBe(
        `Enter a whole number of rows from 1 to ${MAX_SPLIT_ROWS.toLocaleString('en-US')}.`,
      );
    expect(problem({ split: 'rows', maxRows: String(MAX_SPLIT_ROWS) })).toBeNull();
    expect(problem({ split: 'rows', maxRows: '1' })).toBeNull();
    expect(problem({ split: 'off', maxRows: 'nonsense' })).toBeNull();
  });

  it('refuses more images than a split may make, counted from the JSON’s rows', () => {
    expect(problem({ split: 'rows', maxRows: '1' }, rows(MAX_SPLIT_IMAGES))).toBeNull();
    expect(problem({ split: 'rows', maxRows: '1' }, rows(MAX_SPLIT_IMAGES + 1))).toBe(
      `That makes ${MAX_SPLIT_IMAGES + 1} images; a split makes at most ${MAX_SPLIT_IMAGES}. Put more rows in each image.`,
    );
    // headers + rows, and data arrays whose first row is the header.
    const headed = JSON.stringify({ headers: ['a'], rows: Array.from({ length: 41 }, () => [1]) });
    expect(problem({ split: 'rows', maxRows: '2' }, headed)).toMatch(/21 images/);
    const arrays = JSON.stringify({ data: [['a'], ...Array.from({ length: 40 }, () => [1])] });
    expect(problem({ split: 'rows', maxRows: '2' }, arrays)).toBeNull();
    // A filter or pagination may leave fewer rows: the API counts then.
    const many = Array.from({ length: 50 }, (_, i) => ({ n: i }));
    for (const options of [{ dataProcessing: { filter: { n: 1 } } }, { pagination: { enabled: true, pageSize: 5 } }])
      expect(problem({ split: 'rows', maxRows: '1' }, JSON.stringify({ data: many, options }))).toBeNull();
  });

  it('"auto" needs a preset, from the form or the JSON', () => {
    expect(problem({ split: 'auto' })).toMatch(/choose a preset/);
    expect(problem({ split: 'auto', preset: 'teams' })).toBeNull();
    expect(problem({ split: 'auto' }, '{"data":[{"a":1}],"options":{"preset":"LinkedIn"}}')).toBeNull();
  });

  it('a PDF stays one document: maxRows starts a page per group, at most the PDF page limit', () => {
    const pdfRows = (n: number) => rows(n);
    expect(problem({ split: 'rows', preset: 'a4', maxRows: '1' }, pdfRows(tableLimits.maxPdfPages))).toBeNull();
    expect(problem({ split: 'rows', preset: 'a4', maxRows: '1' }, pdfRows(tableLimits.maxPdfPages + 1))).toBe(
      `That makes ${tableLimits.maxPdfPages + 1} PDF pages; a PDF has at most ${tableLimits.maxPdfPages}. Put more rows on each page.`,
    );
    // 21 groups: too many images, but a PDF takes them.
    expect(problem({ split: 'rows', preset: 'letter', maxRows: '1' }, pdfRows(MAX_SPLIT_IMAGES + 1))).toBeNull();
    expect(problem({ split: 'auto', preset: 'letter' })).toBeNull();
    // The user's own format wins over the preset's: images again, with the image limit.
    const asPng = JSON.stringify({ data: Array.from({ length: 21 }, () => ({ a: 1 })), options: { format: 'png' } });
    expect(problem({ split: 'rows', preset: 'a4', maxRows: '1' }, asPng)).toMatch(/21 images/);
    expect(
      problem({ split: 'rows', preset: 'a4', maxRows: '1' }, pdfRows(21), {
        ...defaultTableSettings,
        imageFormat: 'jpeg',
      }),
    ).toMatch(/21 images/);
    expect(
      problem({ split: 'rows', maxRows: '1' }, pdfRows(21), { ...defaultTableSettings, imageFormat: 'pdf' }),
    ).toBeNull();
    // The JSON's own split wins: the form does not judge it.
    expect(problem({ split: 'rows', maxRows: '0' }, '{"data":[{"a":1}],"options":{"split":"auto"}}')).toBeNull();
  });

  it('any rows-per-image text the form lets through is an options object the contract takes', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -5, max: MAX_SPLIT_ROWS + 5 }).map(String), fc.string(), fc.double().map(String)),
        fc.constantFrom('', ...PRESET_NAMES),
        fc.constantFrom('rows', 'auto', 'off') as fc.Arbitrary<RenderOptionsDraft['split']>,
        fc.nat({ max: 60 }),
        (maxRows, preset, split, n) => {
          const d = draft({ maxRows, preset, split });
          const json = rows(n);
          if (splitProblem(d, payloadOf(json), defaultTableSettings) !== null) return;
          const { body } = buildRequestBody(json, defaultTableSettings, 'p', '', {}, renderOptions(d));
          expect(tableOptionsSchema.safeParse(body.options).success, JSON.stringify(body.options)).toBe(true);
        },
      ),
    );
  });

  it('says what a preset sets, from the contract’s numbers', () => {
    expect(presetSummary('slack')).toBe(
      '800 px wide at 2× (1600 px file), PNG, 16 px margin; split "auto" pages up to 1000 px tall (2000 px)',
    );
    expect(presetSummary('teams')).toContain(`(${PRESETS.teams.width * PRESETS.teams.scale} px file)`);
    expect(presetSummary('a4')).toBe('PDF on A4 paper, upright, the table 697 px wide fitted to the page');
  });

  it("names the user's choices that win over the preset, as the API decides", () => {
    const settings = { ...defaultTableSettings, imageFormat: 'jpeg' as const, defaultWidth: 1000 };
    expect(presetOverrides(draft({ preset: 'slack' }), payloadOf(rows(1)), settings)).toEqual([
      "Format: your Style Settings image format (JPEG) wins over the preset's PNG.",
      "Width: the preset's 800 px replaces your Default width (1000 px).",
    ]);
    const json = '{"data":[{"a":1}],"styles":{"imageFormat":"svg"},"options":{"width":500,"margin":0}}';
    expect(presetOverrides(draft({ preset: 'x' }), payloadOf(json), settings)).toEqual([
      "Format: your JSON's SVG wins over the preset's PNG.",
      "Width: your JSON's options.width wins over the preset's.",
      "Margin: your JSON's options.margin wins over the preset's.",
    ]);
    expect(presetOverrides(draft({ preset: 'email' }), payloadOf(rows(1)), defaultTableSettings)).toEqual([]);
    expect(presetOverrides(draft({}), payloadOf(json), settings)).toEqual([]);
    expect(
      presetOverrides(draft({ preset: 'slack' }), payloadOf('{"data":[],"options":{"preset":"a4"}}'), settings),
    ).toEqual(['Your JSON sets options.preset "a4": it wins over the preset chosen here.']);
    // The format the render will have: the JSON's, then a changed setting, then the preset's.
    expect(expectedFormat(draft({ preset: 'a4' }), payloadOf(rows(1)), defaultTableSettings)).toBe('pdf');
    expect(expectedFormat(draft({ preset: 'a4' }), payloadOf(rows(1)), settings)).toBe('jpeg');
    expect(expectedFormat(draft({}), payloadOf(rows(1)), defaultTableSettings)).toBeNull();
  });
});
