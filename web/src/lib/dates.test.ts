import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

describe('formatDate', () => {
  it("shows dates as 'MMM d, yyyy'", () => {
    expect(formatDate(new Date(2024, 0, 5))).toBe('Jan 5, 2024');
    expect(formatDate(new Date(2025, 11, 31, 23, 59))).toBe('Dec 31, 2025');
    expect(formatDate(new Date(2025, 2, 9).toISOString())).toBe('Mar 9, 2025');
  });
  it('gives an empty string for missing or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
