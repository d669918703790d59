import type { ReactNode } from 'react';
import { ChakraProvider, createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';
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
      zIndex: 'skipLink',
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

export const system = createSystem(defaultConfig, config);

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
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
