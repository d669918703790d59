import useSWR from 'swr';
import type { ImageFormat } from '@jsonable/contracts/table';
import { generateDemoImage } from '../../lib/api/demo';

/** The example's payload with the chosen output format, as the demo endpoint expects it. */
export function withFormat(payload: Record<string, unknown>, format: ImageFormat): Record<string, unknown> {
  const options = (payload.options && typeof payload.options === 'object' ? payload.options : {}) as Record<
    string,
    unknown
  >;
  const styles = (options.styles && typeof options.styles === 'object' ? options.styles : {}) as Record<
    string,
    unknown
  >;
  return { ...payload, options: { ...options, styles: { ...styles, imageFormat: format } } };
}

export const exampleImageKey = (id: string, format: ImageFormat) => ['example-image', id, format] as const;

export async function renderExample(payload: Record<string, unknown>, format: ImageFormat): Promise<string> {
  return (await generateDemoImage(withFormat(payload, format))).url;
}

/** The preview, rendered by our own engine through the demo endpoint; cached per example so browsing back costs nothing. */
export function useExamplePreview(id: string | null, payload: Record<string, unknown> | null) {
  return useSWR(id && payload ? exampleImageKey(id, 'png') : null, () => renderExample(payload!, 'png'), {
    revalidateIfStale: false,
  });
}
