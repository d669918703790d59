/**
 * Accounts: request and response shapes of the sign-up, sign-in, profile, settings and user
 * API-key calls (SPEC §7), with the messages of SPEC §5/§8.
 *
 * Password bounds: 8–256 characters (ASVS 2.1.1/2.1.2). Longer input is refused before any
 * hashing; the body limit of the API refuses megabyte bodies even earlier (413).
 */
import { z } from 'zod';
import { isPlainObject } from './json';
import { planTiers } from './plans';
import {
  PASSWORD_MIN,
  PASSWORD_MAX,
  EMAIL_MAX,
  NAME_MAX,
  accountMessages,
  normalizeEmail,
  isValidEmail,
} from './account-rules';
import { tableSettingsSchema } from './settings';

/** A plan tier as the API writes it (plans.ts holds the plan table itself, without zod). */
export const planTierSchema = z.enum(planTiers);

// The rules the web app checks without zod (account-rules.ts) are part of this module's API too.
export * from './account-rules';

export const emailSchema = z
  .string({ error: accountMessages.emailRequired })
  .transform(normalizeEmail)
  .refine((e) => e.length > 0, { message: accountMessages.emailRequired, abort: true })
  .refine(isValidEmail, { message: accountMessages.emailInvalid });

export const newPasswordSchema = z
  .string({ error: accountMessages.passwordRequired })
  .min(PASSWORD_MIN, { message: accountMessages.passwordTooShort })
  .max(PASSWORD_MAX, { message: accountMessages.passwordTooLong });

export const registerRequestSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    /** The form's confirmation field; checked when sent. */
    confirmPassword: z.string().max(PASSWORD_MAX).optional(),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.password, {
    message: accountMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** Login checks presence only: the length rules belong to choosing a password, not to typing it. */
export const loginRequestSchema = z.object({
  email: z
    .string({ error: accountMessages.loginRequired })
    .transform(normalizeEmail)
    .refine((e) => e.length > 0, accountMessages.loginRequired),
  password: z
    .string({ error: accountMessages.loginRequired })
    .min(1, accountMessages.loginRequired)
    .max(PASSWORD_MAX, accountMessages.invalidCredentials),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const magicLinkRequestSchema = z.object({ email: emailSchema });
export type MagicLinkRequest = z.infer<typeof magicLinkRequestSchema>;

/** Tokens are 43 base64url characters; anything else cannot be one. */
export const magicLinkTokenSchema = z
  .string({ error: accountMessages.noToken })
  .min(1, accountMessages.noToken)
  .max(128, accountMessages.magicLinkInvalid);

/**
 * Confirms a link after a click. For a sign-up link, `password` is the sign-up's password typed
 * again (the account gets it); without it the account is created without a password.
 */
export const confirmMagicLinkRequestSchema = z.object({
  token: magicLinkTokenSchema,
  password: z
    .string()
    .min(1, accountMessages.passwordRequired)
    .max(PASSWORD_MAX, accountMessages.signUpPasswordWrong)
    .optional(),
});
export type ConfirmMagicLinkRequest = z.infer<typeof confirmMagicLinkRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });

/** Reset tokens have the same form as sign-in tokens; a malformed one is simply invalid. */
export const resetTokenSchema = z
  .string({ error: accountMessages.noToken })
  .min(1, accountMessages.noToken)
  .max(128, accountMessages.resetLinkInvalid);

export const resetPasswordRequestSchema = z
  .object({
    token: resetTokenSchema,
    newPassword: newPasswordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX).optional(),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.newPassword, {
    message: accountMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** A session in the Security screen's list is named by a public id (24 hex), never by its secret or hash. */
export const sessionIdParamSchema = z.string().regex(/^[0-9a-f]{24}$/, accountMessages.sessionNotFound);

const nameSchema = z
  .string()
  .transform((s) => s.trim())
  .refine((s) => s.length <= NAME_MAX, { message: `Names are at most ${NAME_MAX} characters` })
  .nullable();

export const updateProfileRequestSchema = z.object({
  /** Read-only: accepted only when it is the account's own address. */
  email: z
    .string()
    .max(EMAIL_MAX * 4)
    .optional(),
  first_name: nameSchema.optional(),
  last_name: nameSchema.optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const changePasswordRequestSchema = z
  .object({
    /**
     * Not needed for an account that has no password yet, nor in a session an e-mailed link
     * opened less than 15 minutes ago (GET /api/jsonable/sessions says until when).
     */
    currentPassword: z.string().max(PASSWORD_MAX).optional(),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX).optional(),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.newPassword, {
    message: accountMessages.passwordMismatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * The table settings the web app also keeps under local storage key table-png-settings, checked
 * field by field with the form's own rules (SPEC §5: hex colours, cellPadding 0–24, imageQuality
 * 1–10, …). A client may save some of them; a field the form does not have is refused.
 */
export const settingsSchema = tableSettingsSchema.partial();
export type UserSettings = z.infer<typeof settingsSchema>;

/** POST /api/settings accepts the settings object itself, or `{ settings: {...} }`. */
export const saveSettingsRequestSchema = z.preprocess(
  (body) =>
    isPlainObject(body) && Object.keys(body).length === 1 && isPlainObject(body.settings) ? body.settings : body,
  settingsSchema,
);

// ── responses ───────────────────────────────────────────────────────────────────────────

/** The user as the API shows it (SPEC §3 field names). Never a password hash, key or token. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  auth_provider: z.string(),
  external_id: z.string().nullable(),
  avatar_url: z.string().nullable(),
  current_plan_tier: planTierSchema,
  stripe_customer_id: z.string().nullable(),
  stripe_subscription_id: z.string().nullable(),
  /** False for an account created by magic link that never set a password. */
  has_password: z.boolean(),
  /** Prefix of the current user API key (the key itself is shown only once), or null. */
  api_key_prefix: z.string().nullable(),
  created_at: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** GET /api/jsonable/user: the user with its plan (usage fields are added by the projects context). */
export const userWithPlanSchema = publicUserSchema.extend({
  plan: z.object({
    tier: planTierSchema,
    name: z.string(),
    tablesPerPeriod: z.number().nullable(),
    projects: z.number().nullable(),
  }),
});
export type UserWithPlan = z.infer<typeof userWithPlanSchema>;

/** POST /api/register and POST /api/magic-link: the same answer whether or not the address has an account. */
export const accountMessageResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/**
 * GET /api/verify-magic-link: the link is usable (nothing is consumed), which address it signs in
 * as, and whether it is a sign-up link (then the page asks for the sign-up's password).
 */
export const verifyMagicLinkResponseSchema = z.object({
  success: z.literal(true),
  valid: z.literal(true),
  email: z.string(),
  purpose: z.enum(['sign_in', 'register']),
});
export type VerifyMagicLinkResponse = z.infer<typeof verifyMagicLinkResponseSchema>;

/** GET /api/password-reset: the reset link is usable (nothing is consumed) and for which address. */
export const checkResetLinkResponseSchema = z.object({
  success: z.literal(true),
  valid: z.literal(true),
  email: z.string(),
});

/** One signed-in session in Settings → Security. */
export const accountSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  method: z.enum(['password', 'magic_link', 'register', 'password_reset']),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  /** Coarse: an IPv4 /24 or IPv6 /48. */
  ip: z.string().nullable(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** GET /api/jsonable/sessions. */
export const sessionsResponseSchema = z.object({
  success: z.literal(true),
  sessions: z.array(accountSessionSchema),
  /** Until when this session may set a new password without the current one (opened by an e-mailed link), or null. */
  passwordWithoutCurrentUntil: z.string().nullable(),
});
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

/** DELETE /api/jsonable/sessions/{id}: `current` when it was the caller's own session (its cookie is cleared). */
export const signOutSessionResponseSchema = z.object({ success: z.literal(true), current: z.boolean() });
/** POST /api/jsonable/sessions/sign-out-others: how many sessions were signed out. */
export const signOutOthersResponseSchema = z.object({
  success: z.literal(true),
  signedOut: z.number().int().nonnegative(),
});

/** POST /api/jsonable/user/generate-api-key: the full key, shown this once. */
export const generatedApiKeyResponseSchema = z.object({
  success: z.literal(true),
  apiKey: z.string(),
  prefix: z.string(),
});

/** GET /api/jsonable/user/api-key: only the prefix followed by '…', or null when there is no key. */
export const apiKeyPrefixResponseSchema = z.object({
  success: z.literal(true),
  apiKey: z.string().nullable(),
  hasKey: z.boolean(),
});

export const settingsResponseSchema = z.object({
  success: z.literal(true),
  settings: z.record(z.string(), z.unknown()),
});
