/// <reference types="vite/client" />

/** The landing page's hero table, drawn by our engine at build time (web/build/site-images.ts). */
declare module 'virtual:site-images' {
  export const heroImage: { src: string; width: number; height: number; alt: string };
}
