import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IMAGE_FORMATS } from './formats';
import { PROJECT_ENDPOINT_PREFIX } from './projects';
import { publicUrls } from './public-urls';

describe('public URLs', () => {
  it('hangs every address on the configured base, however many slashes end it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('https://jsonable.example', 'http://localhost:3000', 'https://example.org/app'),
        fc.nat({ max: 3 }),
        fc.stringMatching(/^[a-z0-9-]{1,40}\.png$/),
        (base, slashes, filename) => {
          const urls = publicUrls(`${base}${'/'.repeat(slashes)}`);
          expect(urls.image(filename)).toBe(`${base}/api/images/${filename}`);
          expect(urls.preview(filename)).toBe(`${base}/api/previews/${filename}`);
          expect(urls.demo(filename)).toBe(`${base}/api/demo/images/${filename}`);
          expect(urls.at('/api/jsonable/projects?cursor=x')).toBe(`${base}/api/jsonable/projects?cursor=x`);
        },
      ),
    );
  });

  it('names a living image by its endpoint slug and name, with the format’s file extension', () => {
    for (const format of IMAGE_FORMATS) {
      const live = publicUrls('https://jsonable.example/').live({
        endpointPath: `${PROJECT_ENDPOINT_PREFIX}sales-7f3c`,
        name: 'daily',
      });
      const ext = format === 'jpeg' ? 'jpg' : format;
      expect(live.latest(format)).toBe(`https://jsonable.example/live/sales-7f3c/daily.${ext}`);
      expect(live.version({ version: 3, format })).toBe(`https://jsonable.example/live/sales-7f3c/daily/v/3.${ext}`);
    }
  });
});
