import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ENDPOINT_PATH_PATTERN, suggestEndpointPath, validateProjectForm, validateRename } from './project-form';

describe('project form (SPEC §5)', () => {
  it('gives the spec messages', () => {
    expect(validateProjectForm({ name: '  ', description: '', endpointPath: 'a' }).name).toBe(
      'Project name is required',
    );
    expect(validateProjectForm({ name: 'x'.repeat(51), description: '', endpointPath: 'a' }).name).toBe(
      'Project name is too long',
    );
    expect(validateProjectForm({ name: 'ok', description: 'd'.repeat(201), endpointPath: 'a' }).description).toBe(
      'Description is too long',
    );
    expect(validateProjectForm({ name: 'ok', description: '', endpointPath: '' }).endpointPath).toBe(
      'Endpoint path is required',
    );
    expect(
      validateProjectForm({ name: 'x'.repeat(50), description: 'd'.repeat(200), endpointPath: 'sales-report' }),
    ).toEqual({});
  });

  it('rename ignores the endpoint path', () => {
    expect(validateRename({ name: 'New', description: '' })).toEqual({});
    expect(validateRename({ name: '', description: '' }).name).toBe('Project name is required');
  });

  it('suggests a valid endpoint path for any name with a letter or digit', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const path = suggestEndpointPath(name);
        if (/[a-z0-9]/i.test(name) && path) expect(path).toMatch(ENDPOINT_PATH_PATTERN);
        expect(path.length).toBeLessThanOrEqual(40);
      }),
    );
    expect(suggestEndpointPath('Q3 Sales Report')).toBe('q3-sales-report');
  });
});
