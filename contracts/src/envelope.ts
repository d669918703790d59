import { z } from 'zod';

/** Every error answer: `{ success: false, error: { code, message } }` with the HTTP status as code. */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: z.object({ code: z.number().int(), message: z.string() }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function errorEnvelope(code: number, message: string): ErrorEnvelope {
  return { success: false, error: { code, message } };
}
