/**
 * The shape of GET /api/user as the web app reads it: lenient about extra fields, insisting on
 * what the app uses. Loaded only when an answer is parsed (user.ts), so zod is not part of the
 * public pages' first load (issue 26).
 */
import { z } from 'zod';

export const sessionUserSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  email: z.string(),
  username: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  current_plan_tier: z.string().nullish(),
  usage_count: z.number().nullish(),
  usage_reset_date: z.string().nullish(),
  stripe_subscription_id: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
