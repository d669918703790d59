import { describe, expect, it } from 'vitest';
import { visualOrder } from '../src/paint/pdf';

describe('PDF word order for bidirectional text', () => {
  it('leaves left-to-right lines alone', () => {
    expect(visualOrder('Sales report 2025', false)).toBe('Sales report 2025');
  });

  it('reverses only the run of right-to-left words inside a left-to-right line', () => {
    expect(visualOrder('🌍 Привет 你好 שלום مرحبا Hello', false)).toBe('🌍 Привет 你好 مرحبا שלום Hello');
    expect(visualOrder('Customer: مرحبا بالعالم', false)).toBe('Customer: بالعالم مرحبا');
  });

  it('reads a right-to-left line right to left, keeping runs of left-to-right words and numbers in order', () => {
    expect(visualOrder('طلب Order #4512', true)).toBe('Order #4512 طلب');
    expect(visualOrder('مرحبا بالعالم', true)).toBe('بالعالم مرحبا');
    expect(visualOrder('المبلغ 1,200 ريال', true)).toBe('ريال 1,200 المبلغ');
  });

  it('keeps every word and space: only the order changes', () => {
    for (const [line, rtl] of [['a b שלום c', false], ['שלום x y עולם', true], ['  leading and trailing  ', true]] as const) {
      const out = visualOrder(line, rtl);
      expect([...out].sort().join('')).toBe([...line].sort().join(''));
    }
  });
});
