/**
 * Build step (issue 26): a prerendered page's component styles go next to the markup they style,
 * as emotion's own server rendering writes them without extraction, instead of one `<style>` in
 * the head. The head of /api-reference carried 47 kB of component CSS and / 75 kB: Chromium's
 * parser does not stop inside the head and draws its first frame once its first time slice
 * (10 ms) is spent, so the first frame came before `<body>` was reached and the words waited for
 * the next one. Now each element's rules come just before the first element that uses them:
 * what the first screen needs is parsed with it, and what the rest of the page needs comes later
 * in the stream. Nothing is ever drawn without its rules: a rule always precedes its first use.
 *
 * Emotion's cache moves these tags into the head when the app starts, before React hydrates the
 * page (createCache: `style[data-emotion]` tags whose attribute names ids), and takes their ids
 * as inserted, so hydration sees the markup as rendered and inserts nothing again.
 *
 * A `<style>` is not allowed everywhere an element may be: inside `<select>` the parser drops
 * it, inside `<svg>`/`<math>` it is a foreign element, inside `<textarea>`/`<title>` it is text.
 * A tag that would land inside one of those goes before that element instead.
 */

/** One emotion id's rules (emotion's `cache.inserted[id]`). */
export interface ComponentStyle {
  id: string;
  css: string;
}

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
/** Elements inside which a `<style>` start tag would not become a style sheet. */
const NO_STYLE_INSIDE = new Set(['select', 'svg', 'math', 'textarea', 'title', 'option', 'optgroup', 'datalist']);

/**
 * Where a tag may go for the element whose start tag begins at each offset: the offset itself,
 * or that of the outermost enclosing element a `<style>` may not be inside.
 */
function safeOffsets(markup: string): Map<number, number> {
  const safe = new Map<number, number>();
  const stack: Array<{ name: string; at: number }> = [];
  const TAG = /<(\/?)([a-zA-Z][\w-]*)\b[^>]*?(\/?)>/g;
  let m: RegExpExecArray | null;
  while ((m = TAG.exec(markup)) !== null) {
    const name = m[2]!.toLowerCase();
    if (m[1]) {
      const i = stack.map((e) => e.name).lastIndexOf(name);
      if (i >= 0) stack.length = i;
      continue;
    }
    const blocked = stack.find((e) => NO_STYLE_INSIDE.has(e.name));
    safe.set(m.index, blocked ? blocked.at : m.index);
    if (!VOID.has(name) && !m[3]) stack.push({ name, at: m.index });
    // Raw text: nothing inside is markup.
    if (name === 'script' || name === 'style' || name === 'textarea' || name === 'title') {
      const end = markup.indexOf(`</${name}`, TAG.lastIndex);
      TAG.lastIndex = end < 0 ? markup.length : end;
    }
  }
  return safe;
}

/**
 * Takes the components' style tag out of `headStyles` and writes its rules into `markup`, each
 * id's just before the first element whose class names it. Ids no element names (keyframes) stay
 * in the head.
 */
export function inlineComponentStyles(
  headStyles: string,
  markup: string,
  components: ComponentStyle[],
  key = 'css',
): { headStyles: string; markup: string } {
  if (components.length === 0) return { headStyles, markup };
  const tag = new RegExp(`<style data-emotion="${key} ([^"]*)">([\\s\\S]*?)</style>`);
  const found = tag.exec(headStyles);
  if (!found) throw new Error('inline-styles: no component style tag in the head');
  if (found[1] !== components.map((c) => c.id).join(' ') || found[2] !== components.map((c) => c.css).join(''))
    throw new Error('inline-styles: the component style tag is not the ids and rules it was given');

  const safe = safeOffsets(markup);
  const at = new Map<number, ComponentStyle[]>();
  const stay: ComponentStyle[] = [];
  for (const c of components) {
    const use = new RegExp(`class="(?:[^"]*\\s)?${key}-${c.id}(?:\\s[^"]*)?"`).exec(markup);
    const start = use ? markup.lastIndexOf('<', use.index) : -1;
    const where = start >= 0 ? safe.get(start) : undefined;
    if (where === undefined) {
      stay.push(c);
      continue;
    }
    at.set(where, [...(at.get(where) ?? []), c]);
  }
  const styleTag = (cs: ComponentStyle[]) =>
    `<style data-emotion="${key} ${cs.map((c) => c.id).join(' ')}">${cs.map((c) => c.css).join('')}</style>`;
  let out = '';
  let last = 0;
  for (const offset of [...at.keys()].sort((a, b) => a - b)) {
    out += markup.slice(last, offset) + styleTag(at.get(offset)!);
    last = offset;
  }
  out += markup.slice(last);
  return {
    // A function, so `$` in a rule is not read as a replacement pattern.
    headStyles: headStyles.replace(found[0], () => (stay.length > 0 ? styleTag(stay) : '')),
    markup: out,
  };
}
