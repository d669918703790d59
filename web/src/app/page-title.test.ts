import { describe, expect, it } from 'vitest';
import { HOME_TITLE, pageTitle } from './page-title';

describe('pageTitle', () => {
  it('names every screen, so tabs and screen readers can tell them apart', () => {
    expect(pageTitle('/')).toBe(HOME_TITLE);
    expect(pageTitle('/dashboard')).toBe('Dashboard — Jsonable');
    expect(pageTitle('/examples/')).toBe('Examples — Jsonable');
    expect(pageTitle('/projects/7f3c/styles')).toBe('Project styles — Jsonable');
    expect(pageTitle('/auth', '?tab=register')).toBe('Create your account — Jsonable');
    expect(pageTitle('/auth')).toBe('Sign in — Jsonable');
    expect(pageTitle('/no/such/page')).toBe('Page Not Found — Jsonable');
    expect(pageTitle('/json-guide')).toBeNull();
  });
});
