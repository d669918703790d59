/**
 * The table drawn in every channel preset's golden image (presets.test.ts, update-goldens.ts):
 * a title, a text, a number and a date column, 12 rows.
 */
import { PRESET_NAMES } from '@jsonable/contracts/presets';

const regions = ['North', 'South', 'East', 'West'];
export const presetTable = {
  title: 'Weekly sales by region',
  headers: ['Region', 'Orders', 'Revenue', 'Week'],
  rows: Array.from({ length: 12 }, (_, i) => [
    regions[i % 4],
    100 + ((i * 37) % 90),
    { type: 'currency', value: 1200 + i * 315.5, format: { currency: 'EUR' } },
    { type: 'date', value: `2026-0${1 + (i % 9)}-1${i % 10}`, format: { dateStyle: 'medium' } },
  ]),
};

export const presetCases = PRESET_NAMES.map((preset) => ({
  preset,
  payload: { ...presetTable, options: { preset } },
  /** PDFs are compared as their first page rasterised at 96 dpi. */
  golden: `preset-${preset}.png`,
}));
