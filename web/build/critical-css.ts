/**
 * Build step (issue 26): each prerendered page's head carries only the part of Chakra's global
 * stylesheet that the page uses. The global stylesheet (the `_global` of the Chakra system,
 * web/src/app/provider.tsx) declares every design token as a custom property on the root — every
 * colour of every palette, light and dark, every size, shadow and animation: about 27 kB of its
 * 49 kB — and 33 keyframes, each twice (with and without `-webkit-`). A page uses two hundred
 * or so of those properties and seldom a keyframes; the rest cost time before the first paint.
 * Chromium's HTML parser does not stop inside the head, and it stops to let a frame be drawn once
 * its first time slice (10 ms) is spent: with the full stylesheet to parse the slice was gone by
 * `<body>`, so the first frame drew an empty page and the words waited for the next one (a
 * Chromium trace of /documentation: the first parse ended at the body's first line; now it takes
 * in the header and the first sections).
 *
 * What stays: the reset and base layers' rules, the token declarations that the rest of the
 * page's CSS and markup refer to with `var(--…)` (followed through the tokens' own references),
 * and the keyframes named by what stays. Nothing else changes, and every declaration kept is
 * byte for byte the one of the full stylesheet.
 *
 * The full stylesheet still arrives, after the first paint. The pruned copy keeps emotion's name
 * for the full one (`data-emotion="css-global <name>"`), so when React hydrates the page Chakra's
 * <Global> takes it as its own and inserts nothing: adding the full stylesheet then would redefine
 * every custom property on the root and restyle the whole page while the first frame is still on
 * its way (/api-reference's first words came later than without the pruning). It is marked
 * `data-critical`, and the app (FullGlobalStyles, web/src/app/provider.tsx) inserts the full
 * stylesheet once the page is idle after hydrating, so the screens, dialogs and menus the page
 * leads to find every token defined. The pruned rules are a subset of the full sheet's, in the
 * same layers, with the same values, so the two together style every element as the full one
 * alone does.
 */

/** One `<style …>…</style>` tag of emotion's output. */
interface StyleTag {
  attrs: string;
  css: string;
}

const STYLE_TAG = /<style([^>]*)>([\s\S]*?)<\/style>/g;
/** A custom property's name as written in CSS: `--chakra-spacing-0\.5` escapes its dot. */
const NAME = String.raw`--(?:[\w-]|\\.)+`;

/** The index just past the `}` matching the `{` at `open`, skipping strings. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      const close = css.indexOf(c, i + 1);
      if (close < 0) break;
      i = close;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  throw new Error('critical-css: unbalanced braces in the global stylesheet');
}

/** Splits a declaration block's body at its top-level semicolons (not those inside () or quotes). */
function declarations(body: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ';' && depth === 0) {
      out.push(body.slice(start, i));
      start = i + 1;
    }
  }
  if (body.slice(start).trim()) out.push(body.slice(start));
  return out;
}

/** The custom properties a piece of CSS or markup refers to with `var(--name…)`. */
export function referencedProperties(text: string): Set<string> {
  return new Set([...text.matchAll(new RegExp(String.raw`var\(\s*(${NAME})`, 'g'))].map((m) => m[1]!));
}

/** The custom properties a piece of CSS or markup declares (`--name:`). */
export function declaredProperties(text: string): Set<string> {
  return new Set([...text.matchAll(new RegExp(String.raw`(?:^|[{;\s"'])(${NAME})\s*:`, 'g'))].map((m) => m[1]!));
}

/** A `@layer tokens{…}` block: rule sets of custom-property declarations, nothing else. */
interface TokenRule {
  selector: string;
  decls: Array<{ name: string; text: string }>;
}

function parseTokensLayer(body: string): TokenRule[] {
  const rules: TokenRule[] = [];
  let i = 0;
  while (i < body.length) {
    const open = body.indexOf('{', i);
    if (open < 0) {
      if (body.slice(i).trim()) throw new Error('critical-css: unexpected text in the tokens layer');
      break;
    }
    const selector = body.slice(i, open).trim();
    if (selector.startsWith('@'))
      throw new Error(`critical-css: the tokens layer has an at-rule (${selector}); pruning does not handle it`);
    const end = blockEnd(body, open);
    const decls = declarations(body.slice(open + 1, end - 1)).map((text) => {
      const name = new RegExp(String.raw`^\s*(${NAME})\s*:`).exec(text)?.[1];
      if (!name) throw new Error(`critical-css: a token rule declares more than custom properties: ${text}`);
      return { name, text };
    });
    rules.push({ selector, decls });
    i = end;
  }
  return rules;
}

const KEYFRAMES = /@(?:-webkit-)?keyframes\s+([\w-]+)\s*\{/g;

/** Names given in `animation`, `animation-name` and custom-property values: the keyframes in use. */
export function animationWords(css: string): Set<string> {
  const words = new Set<string>();
  for (const m of css.matchAll(
    new RegExp(String.raw`(?:^|[{;\s"'])(?:-webkit-)?(?:animation(?:-name)?|${NAME})\s*:([^;}"]*)`, 'g'),
  ))
    for (const w of m[1]!.match(/[\w-]+/g) ?? []) words.add(w);
  return words;
}

/**
 * The global stylesheet pruned to what `used` (the page's other CSS and its markup) needs:
 * `global` is Chakra's global stylesheet as emotion wrote it (reset, base and tokens layers).
 */
export function pruneGlobalCss(global: string, used: string): string {
  const layer = /@layer tokens\s*\{/.exec(global);
  if (!layer) throw new Error('critical-css: the global stylesheet has no tokens layer');
  const layerOpen = layer.index + layer[0].length - 1;
  const layerEnd = blockEnd(global, layerOpen);
  const outside = global.slice(0, layer.index) + global.slice(layerEnd);
  const rules = parseTokensLayer(global.slice(layerOpen + 1, layerEnd - 1));

  // The tokens needed: those the page's CSS, its markup and the other layers refer to, then the
  // tokens those tokens refer to, until nothing new turns up.
  const needed = referencedProperties(`${outside}\n${used}`);
  const pending = [...needed];
  while (pending.length > 0) {
    const name = pending.pop()!;
    for (const rule of rules)
      for (const d of rule.decls)
        if (d.name === name)
          for (const ref of referencedProperties(d.text))
            if (!needed.has(ref)) {
              needed.add(ref);
              pending.push(ref);
            }
  }
  const tokens = rules
    .map((r) => ({ selector: r.selector, decls: r.decls.filter((d) => needed.has(d.name)) }))
    .filter((r) => r.decls.length > 0)
    .map((r) => `${r.selector}{${r.decls.map((d) => d.text).join(';')};}`)
    .join('');
  const withTokens = `${global.slice(0, layer.index)}${tokens ? `@layer tokens{${tokens}}` : ''}${global.slice(layerEnd)}`;

  // Keyframes: kept when what else stays names them.
  const keyframes = [...withTokens.matchAll(KEYFRAMES)].map((m) => ({
    name: m[1]!,
    start: m.index,
    end: blockEnd(withTokens, m.index + m[0].length - 1),
  }));
  let rest = withTokens;
  for (const k of [...keyframes].reverse()) rest = rest.slice(0, k.start) + rest.slice(k.end);
  const animations = animationWords(`${rest}\n${used}`);
  let out = withTokens;
  for (const k of [...keyframes].reverse()) if (!animations.has(k.name)) out = out.slice(0, k.start) + out.slice(k.end);
  return out;
}

/**
 * A page's emotion style tags (`styles`) with Chakra's global stylesheet pruned to what the page
 * (`markup` and the other tags) uses, its tag marked `data-critical`.
 */
export function criticalStyles(styles: string, markup: string): string {
  const tags: StyleTag[] = [...styles.matchAll(STYLE_TAG)].map((m) => ({ attrs: m[1]!, css: m[2]! }));
  if (tags.map((t) => `<style${t.attrs}>${t.css}</style>`).join('') !== styles.trim())
    throw new Error('critical-css: the page styles are not a run of <style> tags');
  const globalTags = tags.filter((t) => /@layer tokens\s*\{/.test(t.css));
  if (globalTags.length !== 1)
    throw new Error(`critical-css: expected one style tag with the tokens layer, found ${globalTags.length}`);
  const global = globalTags[0]!;
  const used = [...tags.filter((t) => t !== global).map((t) => t.css), markup].join('\n');
  return tags
    .map((t) =>
      t === global
        ? `<style${t.attrs} data-critical>${pruneGlobalCss(t.css, used)}</style>`
        : `<style${t.attrs}>${t.css}</style>`,
    )
    .join('');
}
