import { describe, expect, it } from 'vitest';
import { formatAmount } from './billing';

describe('formatAmount', () => {
  it('formats minor units in the given currency', () => {
    expect(formatAmount(900, 'usd')).toBe('$9.00');
    expect(formatAmount(3900, 'USD')).toBe('$39.00');
    expect(formatAmount(1250, 'eur')).toBe('€12.50');
  });
  it('shows a dash when there is no amount, and survives an unknown currency code', () => {
    expect(formatAmount(null, 'usd')).toBe('—');
    expect(formatAmount(500, 'not-a-code')).toBe('5.00 NOT-A-CODE');
  });
});
