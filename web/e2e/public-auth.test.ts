/**
 * Sign-up and sign-in on the real server, with e-mail read from the outbox the accounts context
 * writes under <DATA_DIR>/outbox/: register (confirmed by the e-mailed link), log out, log in with
 * the password, and sign in by magic link.
 */
import { describe, expect, it } from 'vitest';
import {
  clickMenuItem,
  followVerifyLink,
  givenBrowserSession,
  newestMailTo,
  seriousA11yViolations,
  shot,
} from './helpers';

const s = givenBrowserSession({ name: 'public-auth' });

const email = `ada.${Date.now()}@example.com`;
const password = 'correct horse battery staple';

async function signedInHeader() {
  await s.page.getByRole('button', { name: `Account menu for ${email}` }).waitFor();
}

async function logOut() {
  await s.page.getByRole('button', { name: `Account menu for ${email}` }).click();
  await clickMenuItem(s.page, 'Logout');
  await s.page.waitForURL((u) => u.pathname === '/');
  await s.page.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
}

describe('sign-up and sign-in', () => {
  it('validates the register form with the SPEC §5 messages', async () => {
    await s.page.goto('/auth?tab=register');
    await s.page.locator('#register-email').fill('not-an-address');
    await s.page.locator('#register-password').fill(password);
    await s.page.locator('#register-confirm').fill(`${password}!`);
    await s.page.getByRole('button', { name: 'Create Account' }).click();
    await s.page.getByText('Please enter a valid email address').waitFor();
    await s.page.getByText("Passwords don't match").waitFor();
    expect(await seriousA11yViolations(s.page)).toEqual([]);
    await shot(s.page, 'auth-register-errors-1280', false);
  });

  it('registers, confirms by the e-mailed link and lands on the dashboard', { timeout: 60_000 }, async () => {
    await s.page.locator('#register-email').fill(email);
    await s.page.locator('#register-confirm').fill(password);
    await s.page.getByRole('button', { name: 'Create Account' }).click();
    // Either signed in at once, or (no account enumeration) asked to confirm by e-mail.
    await Promise.race([
      s.page.waitForURL((u) => u.pathname === '/dashboard'),
      s.page.getByRole('heading', { name: 'Check Your Email' }).waitFor(),
    ]);
    if (new URL(s.page.url()).pathname !== '/dashboard') {
      await followVerifyLink(s.page, await newestMailTo(s.server.dataDir, email), { password });
      await s.page.getByRole('heading', { name: "You're signed in" }).waitFor();
      await s.page.waitForURL((u) => u.pathname === '/dashboard');
    }
    await signedInHeader();
  });

  it('sends a signed-in visitor of /auth to the dashboard', async () => {
    await s.page.goto('/auth');
    await s.page.waitForURL((u) => u.pathname === '/dashboard');
  });

  it('logs out to the home page, then logs in with the password', { timeout: 60_000 }, async () => {
    await logOut();
    await s.page.goto('/auth');
    await s.page.locator('#login-email').fill(email);
    await s.page.locator('#login-password').fill('wrong password');
    await s.page.getByRole('button', { name: 'Sign In' }).click();
    await s.page.getByText('Login failed').waitFor();
    await s.page.locator('#login-password').fill(password);
    await s.page.getByRole('button', { name: 'Sign In' }).click();
    await s.page.waitForURL((u) => u.pathname === '/dashboard');
    await signedInHeader();
  });

  it('signs in by magic link read from the outbox', { timeout: 60_000 }, async () => {
    await logOut();
    await s.page.goto('/auth');
    await s.page.getByRole('tab', { name: 'Magic Link' }).click();
    const send = s.page.getByRole('button', { name: 'Send Magic Link' });
    expect(await send.isDisabled()).toBe(true);
    await s.page.locator('#magic-email').fill(email);
    const before = Date.now();
    await send.click();
    await s.page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    const mail = await newestMailTo(s.server.dataDir, email);
    expect(Date.parse(mail.createdAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    await followVerifyLink(s.page, mail);
    await s.page.getByRole('heading', { name: "You're signed in" }).waitFor();
    await s.page.waitForURL((u) => u.pathname === '/dashboard');
    await signedInHeader();
  });

  it('refuses a used or unknown magic link', async () => {
    await s.page.goto('/auth/verify?token=not-a-real-token-0000000000000000000000000');
    await s.page.getByRole('heading', { name: 'Invalid Link' }).waitFor();
    await s.page.getByText('This magic link is invalid or has expired.').first().waitFor();
    await s.page.getByRole('link', { name: 'Back to Sign In' }).waitFor();
    await shot(s.page, 'auth-verify-invalid-1280', false);
  });

  it('sends a magic link from the landing dialog: validation, then Check Your Email', { timeout: 60_000 }, async () => {
    await logOut();
    const guest = `grace.${Date.now()}@example.com`;
    await s.page.getByRole('button', { name: 'Email Me a Sign-In Link' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Sign in with a magic link' });
    await dialog.waitFor();
    const send = dialog.getByRole('button', { name: 'Send Magic Link' });
    const field = dialog.locator('#landing-magic-email');
    await field.fill('grace@');
    await field.blur();
    await dialog.getByText('Please enter a valid email address').waitFor();
    expect(await send.isDisabled()).toBe(true);
    await field.fill('');
    await dialog.getByText('Email is required').waitFor();
    await field.fill(guest);
    await send.click();
    await dialog.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    await s.page.getByText('Magic link sent').first().waitFor();
    expect(await seriousA11yViolations(s.page)).toEqual([]);
    await shot(s.page, 'landing-magic-dialog-1280', false);
    // The link signs the new address in (and creates its account).
    await followVerifyLink(s.page, await newestMailTo(s.server.dataDir, guest));
    await s.page.waitForURL((u) => u.pathname === '/dashboard');
    await s.page.getByRole('button', { name: `Account menu for ${guest}` }).waitFor();
  });

  it('raised no uncaught page errors', () => {
    expect(s.pageErrors).toEqual([]);
  });
});
