import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SETTINGS_STORAGE_KEY,
  defaultTableSettings,
  loadStoredSettings,
  settingsErrors,
  storeSettings,
} from './table-settings';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('table-png-settings in local storage', () => {
  it('round-trips valid settings', () => {
    const s = memoryStorage();
    const settings = {
      ...defaultTableSettings,
      headerBg: '#4a1e8c',
      cellPadding: 0,
      fontFamily: 'Merriweather' as const,
    };
    storeSettings(s, settings);
    expect(loadStoredSettings(s)).toEqual(settings);
  });

  it('returns null and leaves storage alone when nothing is stored', () => {
    const s = memoryStorage();
    expect(loadStoredSettings(s)).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['a bad colour', JSON.stringify({ ...defaultTableSettings, headerBg: 'blue' })],
    ['padding over 24', JSON.stringify({ ...defaultTableSettings, cellPadding: 25 })],
    ['quality 0', JSON.stringify({ ...defaultTableSettings, imageQuality: 0 })],
    ['width under 100', JSON.stringify({ ...defaultTableSettings, defaultWidth: 99 })],
    ['an unknown font', JSON.stringify({ ...defaultTableSettings, fontFamily: 'Comic Sans' })],
    ['a missing field', JSON.stringify({ headerBg: '#fff' })],
  ])('discards and removes %s', (_name, raw) => {
    const s = memoryStorage({ [SETTINGS_STORAGE_KEY]: raw });
    expect(loadStoredSettings(s)).toBeNull();
    expect(s.data.has(SETTINGS_STORAGE_KEY)).toBe(false);
  });

  it('never throws and never returns an invalid value, whatever is stored', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (raw) => {
        const s = memoryStorage({ [SETTINGS_STORAGE_KEY]: raw });
        const loaded = loadStoredSettings(s);
        if (loaded !== null) expect(settingsErrors(loaded)).toEqual({});
        else expect(s.data.has(SETTINGS_STORAGE_KEY)).toBe(false);
      }),
    );
  });

  it('reports field errors by name', () => {
    expect(settingsErrors({ ...defaultTableSettings, rowOddBg: '#12' })).toHaveProperty('rowOddBg');
    expect(settingsErrors(defaultTableSettings)).toEqual({});
  });
});
