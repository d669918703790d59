import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createProjectRequestSchema, endpointSlug, ENDPOINT_SLUG_MAX, updateProjectRequestSchema } from './projects';

describe('endpointSlug', () => {
  it('turns what the dialog sends into a path segment: lowercase letters, digits and single hyphens', () => {
    expect(endpointSlug('Sales Report')).toBe('sales-report');
    expect(endpointSlug('/api/jsonable/p/My Hook/')).toBe('my-hook');
    expect(endpointSlug('../../etc')).toBe('etc');
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (input) => {
        const slug = endpointSlug(input);
        expect(slug).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
        expect(slug.length).toBeLessThanOrEqual(ENDPOINT_SLUG_MAX);
        expect(endpointSlug(slug)).toBe(slug);
      }),
    );
  });
});

describe('createProjectRequestSchema', () => {
  it('gives the SPEC messages for any name and description', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 240 }), (name, description) => {
        const result = createProjectRequestSchema.safeParse({ name, description });
        const n = name.trim().length;
        const d = description.trim().length;
        if (n >= 1 && n <= 50 && d <= 200) {
          expect(result.success).toBe(true);
          return;
        }
        expect(result.success).toBe(false);
        const messages = result.error!.issues.map((i) => i.message);
        if (n === 0) expect(messages).toContain('Project name is required');
        if (n > 50) expect(messages).toContain('Project name is too long');
        if (d > 200) expect(messages).toContain('Description is too long');
      }),
    );
  });
});

describe('project descriptions', () => {
  it('takes null as no description, and says so when a description is not text', () => {
    expect(createProjectRequestSchema.parse({ name: 'Sales', description: null }).description).toBe('');
    expect(createProjectRequestSchema.parse({ name: 'Sales' }).description).toBe('');
    expect(updateProjectRequestSchema.parse({ description: null }).description).toBe('');
    expect(updateProjectRequestSchema.parse({ name: 'Sales' }).description).toBeUndefined();
    for (const description of [42, true, ['a'], { text: 'a' }]) {
      const create = createProjectRequestSchema.safeParse({ name: 'Sales', description });
      const update = updateProjectRequestSchema.safeParse({ description });
      expect(create.error?.issues.map((i) => i.message)).toEqual(['Description must be text']);
      expect(update.error?.issues.map((i) => i.message)).toEqual(['Description must be text']);
    }
  });
});
