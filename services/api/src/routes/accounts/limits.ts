/**
 * Rate limits on the calls an attacker would hammer: password guessing (login), mail bombing
 * and enumeration attempts (magic link, register, forgot password), guessing tokens or a
 * sign-up's password (confirm, reset), guessing the current password with a stolen session
 * (change password), and sign-out churn (sessions). Each is counted per address/account and per client IP; the
 * windows are minutes, so a legitimate user who trips one waits minutes, not hours.
 *
 * The per-account sign-in limit is what stops a distributed password-guessing run (10 guesses
 * per 5 minutes per account, whatever the IPs). Someone could keep an account's password sign-in
 * blocked by spending those guesses; the magic link has its own limits, so the owner can still
 * sign in by e-mail meanwhile.
 */
import type { RateLimitRule } from '../../middleware/rate-limit';

export interface AccountsLimits {
  loginPerAccount: RateLimitRule;
  loginPerIp: RateLimitRule;
  registerPerAccount: RateLimitRule;
  registerPerIp: RateLimitRule;
  magicLinkPerAccount: RateLimitRule;
  magicLinkPerIp: RateLimitRule;
  confirmPerIp: RateLimitRule;
  changePasswordPerUser: RateLimitRule;
  resetPerAccount: RateLimitRule;
  resetPerIp: RateLimitRule;
  sessionsPerUser: RateLimitRule;
}

const MINUTE = 60_000;

export const defaultAccountsLimits: AccountsLimits = {
  loginPerAccount: { name: 'login-account', limit: 10, windowMs: 5 * MINUTE },
  loginPerIp: { name: 'login-ip', limit: 30, windowMs: 5 * MINUTE },
  registerPerAccount: { name: 'register-account', limit: 5, windowMs: 15 * MINUTE },
  registerPerIp: { name: 'register-ip', limit: 20, windowMs: 15 * MINUTE },
  magicLinkPerAccount: { name: 'magic-link-account', limit: 5, windowMs: 15 * MINUTE },
  magicLinkPerIp: { name: 'magic-link-ip', limit: 20, windowMs: 15 * MINUTE },
  confirmPerIp: { name: 'confirm-ip', limit: 30, windowMs: 5 * MINUTE },
  changePasswordPerUser: { name: 'change-password-user', limit: 10, windowMs: 15 * MINUTE },
  resetPerAccount: { name: 'reset-account', limit: 5, windowMs: 15 * MINUTE },
  resetPerIp: { name: 'reset-ip', limit: 20, windowMs: 15 * MINUTE },
  sessionsPerUser: { name: 'sessions-user', limit: 60, windowMs: 5 * MINUTE },
};

/**
 * How long a security-relevant write waits for the read side before answering: a new session
 * must be usable, and a revoked session or replaced key refused, by the very next request. The
 * wait ends as soon as the projections are there; the bound only matters under heavy lag.
 */
export const SECURITY_WAIT_MS = 10_000;
