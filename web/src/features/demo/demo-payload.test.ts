import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tableRequestSchema } from '@jsonable/contracts/table';
import {
  INVALID_JSON_MESSAGE,
  NOT_A_TABLE_MESSAGE,
  buildDemoPayload,
  defaultDemoControls,
  defaultDemoJson,
  demoControlErrors,
  demoControlMessages,
} from './demo-payload';

describe('demo payload', () => {
  it('sends the default JSON as a valid table request titled Inventory Status with the purple header', () => {
    const r = buildDemoPayload(defaultDemoJson, defaultDemoControls);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.payload.title).toBe('Inventory Status');
    expect((r.payload.conditionalFormats as { type: string }[]).map((f) => f.type)).toEqual([
      'dataBar',
      'rule',
      'rule',
    ]);
    expect(tableRequestSchema.safeParse(r.payload).success).toBe(true);
    expect(r.payload.options).toMatchObject({ styles: { imageFormat: 'png', headerBg: '#4a1e8c' } });
  });

  it('gives the spec message for text that is not JSON', () => {
    expect(buildDemoPayload('{"title": ', defaultDemoControls)).toEqual({ ok: false, error: INVALID_JSON_MESSAGE });
    expect(buildDemoPayload('', defaultDemoControls)).toEqual({ ok: false, error: INVALID_JSON_MESSAGE });
  });

  it('refuses JSON that is not a table', () => {
    expect(buildDemoPayload('{"title":"x"}', defaultDemoControls)).toEqual({ ok: false, error: NOT_A_TABLE_MESSAGE });
    expect(buildDemoPayload('{"data":[]}', defaultDemoControls)).toEqual({ ok: false, error: NOT_A_TABLE_MESSAGE });
  });

  it('keeps the visitor options and lets the controls win on styles', () => {
    const text = JSON.stringify({
      headers: ['a'],
      rows: [[1]],
      options: { showRowNumbers: true, styles: { borderColor: '#000000', imageFormat: 'pdf' } },
    });
    const r = buildDemoPayload(text, { ...defaultDemoControls, imageFormat: 'svg', cellPadding: 30 });
    expect(r).toMatchObject({
      ok: true,
      payload: {
        options: { showRowNumbers: true, styles: { borderColor: '#000000', imageFormat: 'svg', cellPadding: 30 } },
      },
    });
  });

  it('refuses controls it cannot send as shown, instead of replacing them (SPEC §5)', () => {
    const text = JSON.stringify({ data: [{ a: 1 }] });
    const cases: Array<[Partial<typeof defaultDemoControls>, string]> = [
      [{ headerBg: 'red' }, demoControlMessages.headerBg],
      [{ headerText: '#ffff' }, demoControlMessages.headerText],
      [{ cellPadding: 60 }, demoControlMessages.cellPadding],
      [{ cellPadding: -1 }, demoControlMessages.cellPadding],
      [{ cellPadding: 2.5 }, demoControlMessages.cellPadding],
      [{ cellPadding: Number.NaN }, demoControlMessages.cellPadding],
    ];
    for (const [change, message] of cases) {
      expect(buildDemoPayload(text, { ...defaultDemoControls, ...change }), JSON.stringify(change)).toEqual({
        ok: false,
        error: message,
      });
      expect(Object.values(demoControlErrors({ ...defaultDemoControls, ...change }))).toEqual([message]);
    }
    expect(demoControlErrors(defaultDemoControls)).toEqual({});
  });

  it('never throws, and anything it accepts parses and carries the chosen format', () => {
    const controls = fc.record({
      imageFormat: fc.constantFrom('png' as const, 'jpeg' as const, 'svg' as const, 'pdf' as const),
      headerBg: fc.constant('#123456'),
      headerText: fc.constant('#ffffff'),
      fontSize: fc.integer({ min: 10, max: 24 }),
      cellPadding: fc.integer({ min: -100, max: 100 }),
      alternateRows: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), controls, (text, c) => {
        const r = buildDemoPayload(text, c);
        if (!r.ok) {
          expect([INVALID_JSON_MESSAGE, NOT_A_TABLE_MESSAGE, demoControlMessages.cellPadding]).toContain(r.error);
          return;
        }
        const styles = (r.payload.options as { styles: { imageFormat: string; cellPadding: number } }).styles;
        expect(styles.imageFormat).toBe(c.imageFormat);
        expect(styles.cellPadding).toBeGreaterThanOrEqual(0);
        expect(styles.cellPadding).toBeLessThanOrEqual(50);
      }),
    );
  });
});
