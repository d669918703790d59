/**
 * Every public address the service hands out for a rendered table: stored images, previews, demo
 * images and living images, with the pages of a split version (their twins are the same address
 * with `.csv` or `.html`). Built in
 * one place from the configured base (PUBLIC_URL, never the request's Host), so the render
 * routes and the read models cannot drift apart.
 */
import { extensionOf, type ImageFormat } from './formats';
import { PROJECT_ENDPOINT_PREFIX } from './projects';

/** The part of a project's endpoint path that the public living-image URLs carry. */
const endpointSlugOf = (endpointPath: string): string =>
  endpointPath.startsWith(PROJECT_ENDPOINT_PREFIX) ? endpointPath.slice(PROJECT_ENDPOINT_PREFIX.length) : endpointPath;

export function publicUrls(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    /** Any path of this service (starting with `/`). */
    at: (path: string) => `${base}${path}`,
    /** A stored image: public and immutable. */
    image: (filename: string) => `${base}/api/images/${filename}`,
    /** A preview, until it expires. */
    preview: (filename: string) => `${base}/api/previews/${filename}`,
    /** A landing-page demo image, until it expires. */
    demo: (filename: string) => `${base}/api/demo/images/${filename}`,
    /** A living image: its current version's stable URL and each version's own. */
    live(image: { endpointPath: string; name: string }) {
      const stem = `${base}/live/${endpointSlugOf(image.endpointPath)}/${image.name}`;
      return {
        latest: (format: ImageFormat) => `${stem}.${extensionOf(format)}`,
        version: (v: { version: number; format: ImageFormat }) => `${stem}/v/${v.version}.${extensionOf(v.format)}`,
        /** Page `page` of the current version (a split one): revalidated like the stable URL. */
        latestPage: (format: ImageFormat, page: number) => `${stem}/p/${page}.${extensionOf(format)}`,
        /** Page `page` of version v, immutable. */
        versionPage: (v: { version: number; format: ImageFormat }, page: number) =>
          `${stem}/v/${v.version}/p/${page}.${extensionOf(v.format)}`,
      };
    },
  };
}
export type PublicUrls = ReturnType<typeof publicUrls>;
