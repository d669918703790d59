/**
 * The accounts e-mails. Every link is built from PUBLIC_URL (never from a request's Host header,
 * which an attacker controls) and points at the web app's /auth/verify page, which confirms the
 * token with a POST — a mail scanner that fetches the link consumes nothing.
 */
import type { MailMessage } from '../ports';

export function verifyLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/auth/verify?token=${encodeURIComponent(token)}`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function layout(title: string, paragraphs: string[], button: { label: string; href: string }, after: string[]): string {
  const p = (t: string) => `<p style="margin:0 0 16px;font:15px/1.5 Inter,Arial,sans-serif;color:#1f2937">${escapeHtml(t)}</p>`;
  return [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f8fafc">',
    '<div style="max-width:520px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:32px">',
    `<h1 style="margin:0 0 16px;font:600 20px/1.3 Inter,Arial,sans-serif;color:#111827">${escapeHtml(title)}</h1>`,
    ...paragraphs.map(p),
    `<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="display:inline-block;background:#4a1e8c;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font:600 15px Inter,Arial,sans-serif">${escapeHtml(button.label)}</a></p>`,
    `<p style="margin:0 0 16px;font:13px/1.5 Inter,Arial,sans-serif;color:#6b7280">Or paste this link into your browser:<br><a href="${escapeHtml(button.href)}" style="color:#4a1e8c;word-break:break-all">${escapeHtml(button.href)}</a></p>`,
    ...after.map(p),
    '</div></body></html>',
  ].join('');
}

function message(to: string, tag: string, subject: string, paragraphs: string[], button: { label: string; href: string }, after: string[]): MailMessage {
  const text = [...paragraphs, '', `${button.label}: ${button.href}`, '', ...after].join('\n');
  return { to, tag, subject, text, html: layout(subject, paragraphs, button, after) };
}

const IGNORE = 'If you did not ask for this e-mail, you can ignore it: nothing happens until the link is used.';

export function magicLinkMail(to: string, link: string): MailMessage {
  return message(to, 'magic-link', 'Your Jsonable sign-in link',
    ['Use the button below to sign in to Jsonable. The link works once and expires in 24 hours.'],
    { label: 'Sign in to Jsonable', href: link }, [IGNORE]);
}

export function confirmSignUpMail(to: string, link: string): MailMessage {
  return message(to, 'confirm-sign-up', 'Confirm your Jsonable account',
    ['Thanks for signing up for Jsonable. Confirm your e-mail address to finish creating your account; you will be signed in right away.',
      'The link works once and expires in 24 hours.'],
    { label: 'Confirm and sign in', href: link }, [IGNORE]);
}

export function alreadyRegisteredMail(to: string, link: string): MailMessage {
  return message(to, 'already-registered', 'You already have a Jsonable account',
    ['Someone (hopefully you) tried to sign up for Jsonable with this e-mail address, which already has an account.',
      'To sign in without your password, use the link below. It works once and expires in 24 hours. You can set a new password in Settings → Security afterwards.'],
    { label: 'Sign in to Jsonable', href: link }, [IGNORE]);
}

/** ASVS 2.2.3: the owner hears about every change of a credential. */
export function passwordChangedMail(to: string, publicUrl: string): MailMessage {
  const link = `${publicUrl.replace(/\/+$/, '')}/auth?tab=login`;
  return message(to, 'password-changed', 'Your Jsonable password was changed',
    ['The password of your Jsonable account was just changed, and every other signed-in session was signed out.',
      'If this was not you, sign in with a magic link from the sign-in page right away and choose a new password.'],
    { label: 'Go to sign-in', href: link }, []);
}
