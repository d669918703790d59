import { describe, expect, it } from 'vitest';
import { tableRequestSchema } from '@jsonable/contracts/table';
import { exampleSnippets, examples } from './examples';

describe('examples page data', () => {
  it('has the nine SPEC §2 examples and the two of issue #24, each a valid table request', () => {
    expect(examples.map((e) => e.name)).toEqual([
      'User List',
      'Product Inventory',
      'Sales Report',
      'Event Schedule',
      'Project Tasks',
      'Financial Summary',
      'Product Categories',
      'Server Status',
      'Customer Feedback',
      'Financial Report',
      'KPI Dashboard',
    ]);
    for (const e of examples) expect(tableRequestSchema.safeParse(e.payload).success, e.name).toBe(true);
  });

  it('prints Python literals only outside strings', () => {
    const { python } = exampleSnippets('https://x.test', { data: [{ a: true, b: null, c: 'true false null' }] });
    expect(python).toContain('"a": True');
    expect(python).toContain('"b": None');
    expect(python).toContain('"c": "true false null"');
  });
});
