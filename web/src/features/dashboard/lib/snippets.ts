/**
 * Ready-to-paste embeds of an image with its alt text (issue #25): HTML, Markdown and Slack.
 * Each escapes what its own syntax would misread, so an alt text with quotes, brackets or
 * angle brackets cannot break out of the snippet.
 */
const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

export function htmlSnippet(url: string, alt: string): string {
  return `<img src="${escapeAttribute(url)}" alt="${escapeAttribute(flat(alt))}">`;
}

export function markdownSnippet(url: string, alt: string): string {
  const text = flat(alt).replace(/([\\[\]])/g, '\\$1');
  return `![${text}](<${url.replace(/[<>]/g, encodeURIComponent)}>)`;
}

/** Slack's link syntax `<url|text>`: & < > are escaped as Slack documents; | would end the URL part. */
export function slackSnippet(url: string, alt: string): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<${escape(url).replace(/\|/g, '%7C')}|${escape(flat(alt)).replace(/\|/g, '¦')}>`;
}
