import { describe, expect, it } from 'vitest';
import { endpointPathOf, endpointUrl, isProjectSpecific } from './endpoint';

describe('project endpoints', () => {
  it('accepts a stored full path or only the endpoint part', () => {
    expect(endpointPathOf('/api/jsonable/p/sales-3f9a')).toBe('/api/jsonable/p/sales-3f9a');
    expect(endpointPathOf('sales-3f9a')).toBe('/api/jsonable/p/sales-3f9a');
    expect(endpointUrl('sales-3f9a', 'https://jsonable.example')).toBe(
      'https://jsonable.example/api/jsonable/p/sales-3f9a',
    );
  });

  it('is project-specific under /p/ unless it is the generic table-to-image route', () => {
    expect(isProjectSpecific('sales-3f9a')).toBe(true);
    expect(isProjectSpecific('/api/jsonable/p/reports/table-to-image')).toBe(false);
    expect(isProjectSpecific('/api/jsonable/table-to-image')).toBe(false);
  });
});
