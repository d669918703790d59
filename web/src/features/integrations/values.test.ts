import { describe, expect, it } from 'vitest';
import { projectEndpointResponse, urlOnlyResponse } from './values';

describe('integration guide samples', () => {
  it('shows the Make and Gumloop answer as just a top-level url (SPEC §3), the others with the fields they map', () => {
    const short = JSON.parse(urlOnlyResponse('https://jsonable.example'));
    expect(Object.keys(short)).toEqual(['success', 'url']);
    expect(short.url).toMatch(/^https:\/\/jsonable\.example\/api\/images\/[^/]+\.png$/);
    const full = JSON.parse(projectEndpointResponse('https://jsonable.example'));
    expect(full).toMatchObject({ success: true, url: short.url, image_url: short.url });
  });
});
