import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { twinsOf } from '@jsonable/contracts/formats';
import { htmlSnippet, markdownSnippet, slackSnippet } from './snippets';

const url = 'https://jsonable.test/api/images/q3-1-ab.png';

describe('embed snippets', () => {
  it('write the image with its alt text in each syntax', () => {
    expect(htmlSnippet(url, 'Table: Q3. 2 rows')).toBe(`<img src="${url}" alt="Table: Q3. 2 rows">`);
    expect(markdownSnippet(url, 'Table: Q3 [draft]')).toBe(`![Table: Q3 \\[draft\\]](<${url}>)`);
    expect(slackSnippet(url, 'A | B <c> & d')).toBe(`<${url}|A ¦ B &lt;c&gt; &amp; d>`);
    // The image viewer's data links.
    expect(twinsOf(url, true)).toEqual({ csv: `${url}.csv`, html: `${url}.html` });
    expect(twinsOf(url, false)).toBeNull();
  });

  it('never let an alt text break out of the snippet (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (alt) => {
        const html = htmlSnippet(url, alt);
        expect(html.slice(html.indexOf('alt="') + 5, -2)).not.toMatch(/["<>]/);
        const md = markdownSnippet(url, alt);
        expect(md.slice(2, md.lastIndexOf('](')).replace(/\\[\\[\]]/g, '')).not.toMatch(/[[\]]/);
        const slack = slackSnippet(url, alt);
        expect(slack.slice(1, -1)).not.toMatch(/[<>]/);
        expect(slack.split('|')).toHaveLength(2);
      }),
    );
  });
});
