import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalTableRequestSchema, withQueryProjectId, type CanonicalTableRequest } from './table-request';
import { EMPTY_PAYLOAD_MESSAGE } from './table';
import { issueMessage } from './issues';

const tableRequestMessage = (error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) =>
  issueMessage(error.issues, { namePath: true });

const parsed = (body: unknown): CanonicalTableRequest => {
  const result = canonicalTableRequestSchema.safeParse(body);
  if (!result.success) throw new Error(tableRequestMessage(result.error));
  return result.data;
};

const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
const text = fc.string({ minLength: 1, maxLength: 30 });

/** One value for each thing the canonical request holds, each maybe absent. */
const fields = fc.record(
  {
    title: text,
    format: fc.constantFrom('png', 'jpeg', 'webp', 'avif', 'svg', 'pdf'),
    filename: text,
    projectId: fc.oneof(fc.stringMatching(/^[a-z0-9-]{1,20}$/), fc.nat({ max: 1_000_000 })),
    headerBg: hex,
    headerText: hex,
    rowEvenBg: hex,
    rowOddBg: hex,
    theme: fc.constantFrom('light', 'dark', 'minimal', 'striped', 'ocean', 'forest'),
    imageQuality: fc.integer({ min: 1, max: 10 }),
    showColumnHeaders: fc.boolean(),
    fontSize: fc.integer({ min: 8, max: 48 }),
  },
  { requiredKeys: [] },
);
type Fields = typeof fields extends fc.Arbitrary<infer T> ? T : never;

const DATA = [{ Name: 'Ada', Score: 3 }];

/** The canonical spelling of `f`: every field where the spec's first form puts it. */
function canonicalSpelling(f: Fields, s: Spelling): Record<string, unknown> {
  const styles: Record<string, unknown> = {};
  for (const key of ['headerBg', 'headerText', 'rowEvenBg', 'rowOddBg', 'theme', 'imageQuality', 'fontSize'] as const)
    if (f[key] !== undefined) styles[key] = f[key];
  const options: Record<string, unknown> = {};
  if (f.showColumnHeaders !== undefined) options.showColumnHeaders = f.showColumnHeaders;
  // options.imageQuality is also the output's quality (options.quality, 1–100).
  if (f.imageQuality !== undefined && s.imageQuality === 1) options.quality = f.imageQuality * 10;
  return {
    data: DATA,
    ...(f.title !== undefined ? { title: f.title } : {}),
    ...(f.format !== undefined ? { format: f.format } : {}),
    ...(f.filename !== undefined ? { customFilename: f.filename } : {}),
    ...(f.projectId !== undefined ? { projectId: String(f.projectId) } : {}),
    styles,
    options,
  };
}

/** Which alias spells each field (0 = the canonical place), and how the payload travels. */
const spellings = fc.record({
  title: fc.nat({ max: 1 }),
  format: fc.nat({ max: 3 }),
  filename: fc.nat({ max: 2 }),
  projectId: fc.nat({ max: 3 }),
  headerBg: fc.nat({ max: 3 }),
  headerText: fc.nat({ max: 2 }),
  rowEvenBg: fc.nat({ max: 2 }),
  rowOdd: fc.nat({ max: 2 }),
  theme: fc.nat({ max: 2 }),
  imageQuality: fc.nat({ max: 1 }),
  showColumnHeaders: fc.nat({ max: 1 }),
  /** Other style fields in options.styles instead of styles. */
  stylesInOptions: fc.boolean(),
  /** styles/options sent as JSON text, and null for every field left out (automation tools). */
  asText: fc.boolean(),
  nulls: fc.boolean(),
});
type Spelling = typeof spellings extends fc.Arbitrary<infer T> ? T : never;

/** The same request in other spellings; `query` is the query string when projectId travels there. */
function aliasSpelling(f: Fields, s: Spelling): { body: Record<string, unknown>; query: Record<string, string> } {
  const body: Record<string, unknown> = { data: DATA };
  const styles: Record<string, unknown> = {};
  const optionStyles: Record<string, unknown> = {};
  const options: Record<string, unknown> = {};
  const query: Record<string, string> = {};
  const styleHome = s.stylesInOptions ? optionStyles : styles;
  if (f.title !== undefined) (s.title === 0 ? body : options).title = f.title;
  if (f.format !== undefined) {
    const spelt =
      f.format === 'jpeg' && s.format % 2 === 1 ? 'jpg' : s.format === 3 ? f.format.toUpperCase() : f.format;
    (s.format < 2 ? body : options).format = spelt;
  }
  if (f.filename !== undefined) {
    if (s.filename === 0) body.customFilename = f.filename;
    else if (s.filename === 1) options.customFilename = f.filename;
    else options.fileName = f.filename;
  }
  if (f.projectId !== undefined) {
    if (s.projectId === 0) body.projectId = f.projectId;
    else if (s.projectId === 1) options.projectId = f.projectId;
    else if (s.projectId === 2) body.projectId = ` ${String(f.projectId)} `;
    else query.projectId = String(f.projectId);
  }
  if (f.headerBg !== undefined)
    styleHome[['headerBg', 'headerBgColor', 'headerColor', 'headerBg'][s.headerBg]!] = f.headerBg;
  if (f.headerText !== undefined)
    styleHome[['headerText', 'headerTextColor', 'headerText'][s.headerText]!] = f.headerText;
  if (f.rowEvenBg !== undefined) styleHome[['rowEvenBg', 'rowEvenBgColor', 'rowEvenBg'][s.rowEvenBg]!] = f.rowEvenBg;
  if (f.rowOddBg !== undefined) styleHome[['rowOddBg', 'rowOddBgColor', 'rowOddBg'][s.rowOdd]!] = f.rowOddBg;
  if (f.theme !== undefined) {
    if (s.theme === 0) styleHome.theme = f.theme;
    else if (s.theme === 1) options.theme = f.theme;
    else optionStyles.theme = f.theme;
  }
  if (f.imageQuality !== undefined) (s.imageQuality === 0 ? styleHome : options).imageQuality = f.imageQuality;
  if (f.fontSize !== undefined) styleHome.fontSize = `${f.fontSize}px`;
  if (f.showColumnHeaders !== undefined) {
    if (s.showColumnHeaders === 0) options.showColumnHeaders = f.showColumnHeaders;
    else options.headers = String(f.showColumnHeaders);
  }
  if (Object.keys(optionStyles).length > 0) options.styles = optionStyles;
  if (Object.keys(styles).length > 0) body.styles = styles;
  if (Object.keys(options).length > 0) body.options = options;
  if (s.nulls) {
    for (const key of ['title', 'customFilename', 'format', 'styles', 'options'])
      if (body[key] === undefined) body[key] = null;
  }
  if (s.asText) {
    if (body.styles) body.styles = JSON.stringify(body.styles);
    if (body.options) body.options = JSON.stringify(body.options);
  }
  return { body, query };
}

describe('the canonical table request', () => {
  it('reads every alias spelling as the same request as its canonical spelling', () => {
    fc.assert(
      fc.property(fields, spellings, (f, s) => {
        const want = parsed(canonicalSpelling(f, s));
        const { body, query } = aliasSpelling(f, s);
        expect(withQueryProjectId(parsed(body), query)).toEqual(want);
      }),
      { numRuns: 500 },
    );
  });

  it('holds each thing in one field', () => {
    const request = parsed({
      data: [{ a: 1 }],
      projectId: '  ',
      options: {
        title: 'Sales',
        format: 'JPG',
        fileName: 'q3.png',
        projectId: 42,
        theme: 'dark',
        imageQuality: 9,
        headers: 'false',
        styles: { headerBgColor: '#112233', imageQuality: 3 },
        width: 900,
      },
    });
    expect(request).toMatchObject({
      title: 'Sales',
      format: 'jpeg',
      filename: 'q3.png',
      projectId: '42',
      options: { showColumnHeaders: false, width: 900, quality: 90 },
      styles: { headerBg: '#112233', theme: 'dark', imageQuality: 9, headerText: '#f8fafc' },
    });
    for (const alias of [
      'title',
      'format',
      'fileName',
      'customFilename',
      'projectId',
      'theme',
      'imageQuality',
      'headers',
    ])
      expect(request.options).not.toHaveProperty(alias);
    expect(request.styles).not.toHaveProperty('headerBgColor');
  });

  it('prefers, when two spellings disagree, what the engine always preferred', () => {
    const request = parsed({
      data: [{ a: 1 }],
      title: 'Top',
      format: 'png',
      customFilename: 'top',
      projectId: 'body',
      styles: { headerBg: '#000000', theme: 'ocean' },
      options: {
        title: 'Inner',
        format: 'svg',
        customFilename: 'inner',
        fileName: 'other',
        projectId: 'options',
        theme: 'dark',
        headers: false,
        showColumnHeaders: true,
        styles: { headerBg: '#ffffff', borderColor: '#123456' },
      },
    });
    expect(request).toMatchObject({
      title: 'Top',
      format: 'svg',
      filename: 'top',
      projectId: 'body',
      options: { showColumnHeaders: true },
      styles: { headerBg: '#000000', borderColor: '#123456', theme: 'ocean' },
    });
    expect(withQueryProjectId(request, { projectId: ' query ' }).projectId).toBe('query');
    expect(withQueryProjectId(request, { projectId: '' }).projectId).toBe('body');
  });

  /** Where a wrong type can go, with what makes it wrong there. */
  const wrongPlaces = fc.oneof(
    fc.record({
      path: fc.constantFrom('title', 'customFilename'),
      value: fc.oneof(fc.integer(), fc.boolean(), fc.array(fc.integer())),
    }),
    fc.record({
      path: fc.constantFrom('format', 'options.format'),
      value: fc.oneof(fc.integer(), fc.constantFrom('gif', 'bmp', '')),
    }),
    fc.record({
      path: fc.constantFrom('options.title', 'options.customFilename', 'options.fileName'),
      value: fc.oneof(fc.integer(), fc.boolean(), fc.dictionary(fc.string({ maxLength: 3 }), fc.integer())),
    }),
    fc.record({ path: fc.constant('options.projectId'), value: fc.oneof(fc.boolean(), fc.array(fc.string())) }),
    fc.record({
      path: fc.constantFrom('styles', 'options', 'options.styles'),
      value: fc.oneof(fc.integer(), fc.boolean(), fc.array(fc.integer(), { minLength: 1 })),
    }),
    fc.record({
      path: fc.constantFrom(
        'styles.headerBg',
        'styles.headerBgColor',
        'styles.headerColor',
        'options.styles.rowEvenBgColor',
      ),
      value: fc.oneof(fc.integer(), fc.boolean(), fc.constantFrom('blue-ish', '#12', 'rgb(1,2)')),
    }),
    fc.record({
      path: fc.constantFrom('styles.theme', 'options.theme'),
      value: fc.oneof(fc.integer(), fc.constantFrom('neon', 'DARK')),
    }),
    fc.record({
      path: fc.constantFrom('options.headers', 'options.showColumnHeaders'),
      value: fc.oneof(fc.integer(), fc.constantFrom('yes', 'no')),
    }),
    fc.record({
      path: fc.constantFrom('options.imageQuality', 'styles.imageQuality'),
      value: fc.oneof(fc.constantFrom(0, 11, 2.5, 'high'), fc.boolean()),
    }),
    fc.record({ path: fc.constantFrom('data', 'headers'), value: fc.oneof(fc.integer(), fc.boolean()) }),
  );

  it('refuses a wrong type with a message naming the field, and never throws', () => {
    fc.assert(
      fc.property(wrongPlaces, fc.boolean(), ({ path, value }, withHeaders) => {
        const body: Record<string, unknown> = withHeaders ? { headers: ['a'], rows: [[1]] } : { data: [{ a: 1 }] };
        const keys = path.split('.');
        let at = body;
        for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
        at[keys[keys.length - 1]!] = value;
        let result: ReturnType<typeof canonicalTableRequestSchema.safeParse> | undefined;
        expect(() => (result = canonicalTableRequestSchema.safeParse(body))).not.toThrow();
        expect(result!.success).toBe(false);
        const message = tableRequestMessage(result!.error!);
        if (message !== EMPTY_PAYLOAD_MESSAGE) expect(message).toMatch(new RegExp(`^Invalid ${keys[0]}[.:]`));
      }),
      { numRuns: 500 },
    );
  });

  it('ignores a top-level projectId that names no project, as the routes always did', () => {
    for (const projectId of [true, '', '   ', null, { id: 1 }, [1]])
      expect(parsed({ data: [{ a: 1 }], projectId })).not.toHaveProperty('projectId');
  });
});
