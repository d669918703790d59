import { useEffect, useState, type ReactNode } from 'react';
import { Global } from '@emotion/react';
import { ChakraProvider, createSystem, defineConfig } from '@chakra-ui/react';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  skeletonRecipe,
  sliderSlotRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';
import { SWRConfig } from 'swr';
import { swrFetcher } from '../lib/api-client';
import { Toaster } from '../lib/toaster';

// A light theme with the brand purple of the demo table's header (#4a1e8c).
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'white', color: 'gray.900' },
    html: { colorScheme: 'light', scrollBehavior: 'smooth' },
    // Anchored headings must not hide under the sticky header.
    '[id]': { scrollMarginTop: '80px' },
    // Keyboard users can jump past the header; the link shows only when focused.
    '.skip-link': {
      position: 'absolute',
      left: '2',
      top: '-40px',
      zIndex: 'skipNav',
      bg: 'brand.700',
      color: 'white',
      px: '3',
      py: '2',
      rounded: 'md',
      fontWeight: 'medium',
    },
    '.skip-link:focus': { top: '2' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#f4effb' },
          100: { value: '#e6dbf6' },
          200: { value: '#cbb5ec' },
          300: { value: '#a98adf' },
          400: { value: '#8660cf' },
          500: { value: '#6a3cb8' },
          600: { value: '#5a2ca3' },
          700: { value: '#4a1e8c' },
          800: { value: '#3a176e' },
          900: { value: '#2a1050' },
          950: { value: '#1b0a34' },
        },
      },
      fonts: {
        heading: { value: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
        body: { value: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
        mono: { value: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace" },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's default red.500 error text is below 4.5:1 on white; 700 passes.
        fg: { error: { value: '{colors.red.700}' } },
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

/**
 * Chakra's default theme with the recipes of the components this app uses, and no others: the
 * full set (about 75 components) was 17 kB of the first load (issue 26). The list must name every
 * recipe a Chakra component we import looks up; web/e2e/first-load-budget.test.ts reads the built
 * app for the recipe keys its Chakra components ask for and fails when one is missing here (the
 * component would render unstyled).
 */
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  code: codeRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  radiomark: radiomarkRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};
export const slotRecipes = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  collapsible: collapsibleSlotRecipe,
  dialog: dialogSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  slider: sliderSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  toast: toastSlotRecipe,
};

// Chakra's defaultConfig (preset.ts) is defaultBaseConfig merged with this theme, all recipes included.
const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

export const system = createSystem(defaultBaseConfig, themeConfig, config);

/**
 * A prerendered page carries Chakra's global stylesheet pruned to the tokens it uses
 * (web/build/critical-css.ts), under the full stylesheet's name, so hydration keeps it and adds
 * nothing. Shortly after hydrating, this inserts the full stylesheet (emotion's
 * <Global>, as ChakraProvider does), so the screens, dialogs and menus the page leads to find every
 * token. A page rendered in the browser (the signed-in screens' shell) has the full one already.
 */
function FullGlobalStyles() {
  const [full, setFull] = useState(false);
  useEffect(() => {
    if (!document.querySelector('style[data-critical]')) return;
    // Half a second after hydrating: past the page's first frames, before most first clicks.
    const timer = setTimeout(() => setFull(true), 500);
    return () => clearTimeout(timer);
  }, []);
  return full && <Global styles={system._global} />;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <FullGlobalStyles />
      {/* SPEC §9: no refetch interval, no refetch on focus, no retries. */}
      <SWRConfig
        value={{
          fetcher: swrFetcher,
          refreshInterval: 0,
          revalidateOnFocus: false,
          revalidateOnReconnect: false,
          shouldRetryOnError: false,
          errorRetryCount: 0,
        }}
      >
        {children}
        <Toaster />
      </SWRConfig>
    </ChakraProvider>
  );
}
