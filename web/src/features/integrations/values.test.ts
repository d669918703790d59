import { describe, expect, it } from 'vitest';
import { putLiveImageResponseSchema } from '@jsonable/contracts/live';
import { livePutResponse, livePutUrl, liveStableUrl, projectEndpointResponse, urlOnlyResponse } from './values';

describe('integration guide samples', () => {
  it('shows the Make and Gumloop answer as just a top-level url (SPEC §3), the others with the fields they map', () => {
    const short = JSON.parse(urlOnlyResponse('https://jsonable.example'));
    expect(Object.keys(short)).toEqual(['success', 'url']);
    expect(short.url).toMatch(/^https:\/\/jsonable\.example\/api\/images\/[^/]+\.png$/);
    const full = JSON.parse(projectEndpointResponse('https://jsonable.example'));
    expect(full).toMatchObject({ success: true, url: short.url, image_url: short.url });
  });

  it("shows a living image's PUT answer exactly in the API's shape (issue #25)", () => {
    const origin = 'https://jsonable.example';
    const answer = putLiveImageResponseSchema.strict().parse(JSON.parse(livePutResponse(origin)));
    expect(answer.url).toBe(liveStableUrl(origin));
    expect(answer.liveImage.url).toBe(answer.url);
    expect(answer.versionUrl).toBe(`${origin}/live/YOUR_PROJECT_ENDPOINT/daily-sales/v/3.png`);
    expect(answer.liveImage.versions[0]).toMatchObject({ version: answer.version, url: answer.versionUrl });
    expect(livePutUrl(origin)).toBe(`${origin}/api/jsonable/live/daily-sales`);
  });
});
