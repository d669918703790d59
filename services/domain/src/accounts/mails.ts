/**
 * The accounts e-mails. Every link is built from PUBLIC_URL (never from a request's Host header,
 * which an attacker controls) and leads to a page that does what the mail says: /auth/verify
 * (shows which account the link opens and confirms on a click, with a POST — a mail scanner that
 * fetches or even runs the page consumes nothing), /auth/reset-password (sets a new password
 * after a click), and the sign-in page's "Forgot password?" form (/auth?tab=forgot).
 */
import type { MailMessage } from '../ports';

const base = (publicUrl: string): string => publicUrl.replace(/\/+$/, '');

export function verifyLink(publicUrl: string, token: string): string {
  return `${base(publicUrl)}/auth/verify?token=${encodeURIComponent(token)}`;
}

export function resetLink(publicUrl: string, token: string): string {
  return `${base(publicUrl)}/auth/reset-password?token=${encodeURIComponent(token)}`;
}

/** The sign-in page's "Forgot password?" form. */
export function forgotPasswordPage(publicUrl: string): string {
  return `${base(publicUrl)}/auth?tab=forgot`;
}

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function layout(title: string, paragraphs: string[], button: { label: string; href: string }, after: string[]): string {
  // A link named in a paragraph is a link in the HTML part too (it is escaped first, so only our own URLs match).
  const linkify = (html: string) =>
    html.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" style="color:#4a1e8c">${url}</a>`);
  const p = (t: string) =>
    `<p style="margin:0 0 16px;font:15px/1.5 Inter,Arial,sans-serif;color:#1f2937">${linkify(escapeHtml(t))}</p>`;
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

function message(
  to: string,
  tag: string,
  subject: string,
  paragraphs: string[],
  button: { label: string; href: string },
  after: string[],
): MailMessage {
  const text = [...paragraphs, '', `${button.label}: ${button.href}`, '', ...after].join('\n');
  return { to, tag, subject, text, html: layout(subject, paragraphs, button, after) };
}

const IGNORE = 'If you did not ask for this e-mail, you can ignore it: nothing happens until the link is used.';

export function magicLinkMail(to: string, link: string): MailMessage {
  return message(
    to,
    'magic-link',
    'Your Jsonable sign-in link',
    ['Use the button below to sign in to Jsonable. The link works once and expires in 24 hours.'],
    { label: 'Sign in to Jsonable', href: link },
    [IGNORE],
  );
}

export function confirmSignUpMail(to: string, link: string): MailMessage {
  return message(
    to,
    'confirm-sign-up',
    'Confirm your Jsonable account',
    [
      'Thanks for signing up for Jsonable. Open the link below and type the password you chose to finish creating your account; you will be signed in right away.',
      'The link works once and expires in 24 hours.',
    ],
    { label: 'Confirm and sign in', href: link },
    [
      'If you did not sign up, ignore this e-mail: no account is created unless the link is used, and nobody else can choose your password.',
    ],
  );
}

export function alreadyRegisteredMail(to: string, link: string, publicUrl: string): MailMessage {
  return message(
    to,
    'already-registered',
    'You already have a Jsonable account',
    [
      'Someone (hopefully you) tried to sign up for Jsonable with this e-mail address, which already has an account. Your password was not changed.',
      'To sign in without your password, use the link below. It works once and expires in 24 hours. For 15 minutes after signing in with it you can set a new password in Settings → Security without the old one.',
    ],
    { label: 'Sign in to Jsonable', href: link },
    [`Or reset your password: ${forgotPasswordPage(publicUrl)}`, IGNORE],
  );
}

export function passwordResetMail(to: string, link: string): MailMessage {
  return message(
    to,
    'password-reset',
    'Reset your Jsonable password',
    [
      'Someone (hopefully you) asked to reset the password of the Jsonable account of this address.',
      'Open the link below to choose a new password. The link works once and expires in 1 hour. Setting the password signs out every other session.',
    ],
    { label: 'Choose a new password', href: link },
    ['If you did not ask for this, ignore this e-mail: your password stays as it is.'],
  );
}

/** Sent instead of a reset link when no account uses the address (the form answers the same either way). */
export function noAccountResetMail(to: string, publicUrl: string): MailMessage {
  return message(
    to,
    'password-reset-no-account',
    'Jsonable password reset',
    [
      'Someone (hopefully you) asked to reset the password of a Jsonable account for this e-mail address, but no account uses this address.',
      'If you have an account under another address, ask again with that one. Or create an account with this address:',
    ],
    { label: 'Create an account', href: `${base(publicUrl)}/auth?tab=register` },
    ['If you did not ask for this, ignore this e-mail.'],
  );
}

/** ASVS 2.2.3: the owner hears about every change of a credential. */
export function passwordChangedMail(to: string, publicUrl: string): MailMessage {
  return message(
    to,
    'password-changed',
    'Your Jsonable password was changed',
    [
      'The password of your Jsonable account was just changed, every other signed-in session was signed out, and earlier e-mailed links stopped working.',
      'If this was not you, reset your password right away with the link below: it mails a reset link to this address.',
    ],
    { label: 'Reset my password', href: forgotPasswordPage(publicUrl) },
    [],
  );
}
