import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PRESETS } from '@jsonable/contracts/presets';
import { PRESET_NAMES, presetSummary, withPreset } from './channel-presets';

describe('channel presets in the forms', () => {
  it('adds the preset to the options of a payload that names none; its own wins', () => {
    expect(withPreset({ data: [{ a: 1 }] }, 'teams')).toEqual({ data: [{ a: 1 }], options: { preset: 'teams' } });
    expect(withPreset({ data: [], options: { width: 400 } }, 'x')).toEqual({
      data: [],
      options: { width: 400, preset: 'x' },
    });
    expect(withPreset([{ a: 1 }], 'email')).toEqual({ data: [{ a: 1 }], options: { preset: 'email' } });
    expect(withPreset({ data: [], options: { preset: 'a4' } }, 'slack')).toEqual({
      data: [],
      options: { preset: 'a4' },
    });
    // Nothing chosen, or not a table: unchanged, for the API to judge.
    const payload = { data: [{ a: 1 }] };
    expect(withPreset(payload, '')).toBe(payload);
    for (const odd of [null, 3, 'text']) expect(withPreset(odd, 'slack')).toBe(odd);
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(...PRESET_NAMES), (value, preset) => {
        const out = withPreset(value, preset);
        if (typeof out === 'object' && out !== null && !Array.isArray(out) && out !== value)
          expect((out as { options: { preset: string } }).options.preset).toBe(preset);
      }),
    );
  });

  it('says what each preset sets, from the contract’s numbers', () => {
    for (const name of PRESET_NAMES) {
      const p = PRESETS[name];
      expect(presetSummary(name)).toContain(p.pdf ? `${p.pdf.pageSize} paper` : `(${p.width * p.scale} px file)`);
    }
  });
});
