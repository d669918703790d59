import { describe, expect, it } from 'vitest';
import { criticalStyles, declaredProperties, pruneGlobalCss, referencedProperties } from './critical-css';

/** A global stylesheet shaped like the one Chakra's system gives emotion: reset, base and tokens layers. */
const GLOBAL = [
  '@layer reset{html{font-family:var(--global-font-body, var(--font-fallback));}}',
  '@layer base{@-webkit-keyframes spin{0%{opacity:0;}}@keyframes spin{0%{opacity:0;}}',
  '@keyframes fade-in{from{opacity:0;}to{opacity:1;}}@keyframes position{to{left:0;}}',
  'html{color:var(--chakra-colors-fg);}}',
  '@layer tokens{:where(html, .chakra-theme){--chakra-colors-gray-900:#18181b;--chakra-colors-red-500:#ef4444;',
  "--chakra-spacing-0\\.5:0.125rem;--chakra-spacing-4:1rem;--chakra-fonts-body:Inter,'Segoe UI';",
  '--chakra-animations-spin:spin 1s linear infinite;--chakra-shadows-xs:0 1px color-mix(in srgb, var(--chakra-colors-gray-900) 20%, transparent);}',
  ':root,.light{--chakra-colors-fg:var(--chakra-colors-gray-900);--chakra-colors-fg-error:var(--chakra-colors-red-500);}',
  '.dark,.dark .chakra-theme:not(.light){--chakra-colors-fg:var(--chakra-colors-gray-50);}}',
].join('');

describe('pruneGlobalCss (web build step)', () => {
  it('keeps the tokens the page refers to, and the tokens those refer to, in their own rules', () => {
    const out = pruneGlobalCss(GLOBAL, '.a{padding:var(--chakra-spacing-0\\.5);box-shadow:var(--chakra-shadows-xs);}');
    const tokens = out.slice(out.indexOf('@layer tokens'));
    expect(tokens).toBe(
      '@layer tokens{:where(html, .chakra-theme){--chakra-colors-gray-900:#18181b;--chakra-spacing-0\\.5:0.125rem;' +
        '--chakra-shadows-xs:0 1px color-mix(in srgb, var(--chakra-colors-gray-900) 20%, transparent);}' +
        ':root,.light{--chakra-colors-fg:var(--chakra-colors-gray-900);}' +
        '.dark,.dark .chakra-theme:not(.light){--chakra-colors-fg:var(--chakra-colors-gray-50);}}',
    );
    // The reset and base layers' rules stay as they were.
    expect(out).toContain('@layer reset{html{font-family:var(--global-font-body, var(--font-fallback));}}');
    expect(out).toContain('html{color:var(--chakra-colors-fg);}');
  });

  it('drops keyframes nothing names, and keeps those a kept token or the page animates with', () => {
    const none = pruneGlobalCss(GLOBAL, '.a{position:relative;}');
    expect(none).not.toMatch(/keyframes/);
    const viaToken = pruneGlobalCss(GLOBAL, '.a{animation:var(--chakra-animations-spin);}');
    expect(viaToken).toContain('@-webkit-keyframes spin{0%{opacity:0;}}@keyframes spin{0%{opacity:0;}}');
    expect(viaToken).not.toMatch(/fade-in|keyframes position/);
    const direct = pruneGlobalCss(GLOBAL, '<div style="animation-name:fade-in"></div>');
    expect(direct).toContain('@keyframes fade-in{from{opacity:0;}to{opacity:1;}}');
    expect(direct).not.toMatch(/keyframes spin/);
  });

  it('refuses a tokens layer it does not understand rather than guess', () => {
    expect(() => pruneGlobalCss('@layer tokens{@media print{html{--x:1;}}}', '')).toThrow(/at-rule/);
    expect(() => pruneGlobalCss('@layer tokens{html{color:red;}}', '')).toThrow(/more than custom properties/);
    expect(() => pruneGlobalCss('@layer base{}', '')).toThrow(/no tokens layer/);
  });
});

describe('criticalStyles', () => {
  it('prunes the tag with the tokens layer in place, keeping its name (hydration keeps it), marked data-critical', () => {
    const styles =
      '<style data-emotion="css-global ad1llf">@layer reset,base,tokens;</style>' +
      `<style data-emotion="css-global 1wt32x">${GLOBAL}</style>` +
      '<style data-emotion="css abc">.css-abc{margin:var(--chakra-spacing-4);}</style>';
    const out = criticalStyles(styles, '<div class="css-abc"></div>');
    expect(out).toMatch(
      /^<style data-emotion="css-global ad1llf">@layer reset,base,tokens;<\/style><style data-emotion="css-global 1wt32x" data-critical>@layer reset/,
    );
    expect(out).toContain('<style data-emotion="css abc">.css-abc{margin:var(--chakra-spacing-4);}</style>');
    expect(declaredProperties(out)).toContain('--chakra-spacing-4');
    expect(declaredProperties(out)).not.toContain('--chakra-colors-red-500');
    expect(referencedProperties(out)).toContain('--chakra-spacing-4');
  });
});
