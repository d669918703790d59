import { api } from '../api-client';

/** Demo answers `{ success, url }`; a missing url is its own failure (toast 'No image URL in response'). */
export class MissingImageUrlError extends Error {
  constructor() {
    super('No image URL in response');
  }
}

export async function generateDemoImage(
  payload: Record<string, unknown>,
): Promise<{ url: string; expiresAt: string | null }> {
  const answer = await api.post('/api/demo/generate-image', payload);
  // The schema (zod) loads with the first image, not with the landing page (issue 26).
  const { demoResponseSchema } = await import('@jsonable/contracts/render-api');
  const parsed = demoResponseSchema.safeParse(answer);
  if (parsed.success) return { url: parsed.data.url, expiresAt: parsed.data.expiresAt };
  // Tolerate an answer without expiresAt, but never one without a url.
  const url = answer && typeof answer === 'object' ? (answer as { url?: unknown }).url : undefined;
  if (typeof url !== 'string' || url === '') throw new MissingImageUrlError();
  return { url, expiresAt: null };
}
