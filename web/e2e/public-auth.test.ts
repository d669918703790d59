/**
 * Sign-up and sign-in on the real server, with e-mail read from the outbox the accounts context
 * writes under <DATA_DIR>/outbox/: register (confirmed by the e-mailed link), log out, log in with
 * the password, and sign in by magic link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  clickMenuItem,
  collectPageErrors,
  followVerifyLink,
  launchBrowser,
  newPage,
  newestMailTo,
  seriousA11yViolations,
  shot,
  startE2eServer,
  VIEWPORTS,
  type E2eServer,
} from './helpers';

let server: E2eServer;
let browser: Browser;
let page: Page;
let errors: string[];

const email = `ada.${Date.now()}@example.com`;
const password = 'correct horse battery staple';

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchBrowser();
  page = (await newPage(browser, server.baseUrl, VIEWPORTS.desktop)).page;
  errors = collectPageErrors(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signedInHeader() {
  await page.getByRole('button', { name: `Account menu for ${email}` }).waitFor();
}

async function logOut() {
  await page.getByRole('button', { name: `Account menu for ${email}` }).click();
  await clickMenuItem(page, 'Logout');
  await page.waitForURL((u) => u.pathname === '/');
  await page.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
}

describe('sign-up and sign-in', () => {
  it('validates the register form with the SPEC §5 messages', async () => {
    await page.goto('/auth?tab=register');
    await page.locator('#register-email').fill('not-an-address');
    await page.locator('#register-password').fill(password);
    await page.locator('#register-confirm').fill(`${password}!`);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText("Passwords don't match").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'auth-register-errors-1280', false);
  });

  it('registers, confirms by the e-mailed link and lands on the dashboard', { timeout: 60_000 }, async () => {
    await page.locator('#register-email').fill(email);
    await page.locator('#register-confirm').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    // Either signed in at once, or (no account enumeration) asked to confirm by e-mail.
    await Promise.race([
      page.waitForURL((u) => u.pathname === '/dashboard'),
      page.getByRole('heading', { name: 'Check Your Email' }).waitFor(),
    ]);
    if (new URL(page.url()).pathname !== '/dashboard') {
      await followVerifyLink(page, await newestMailTo(server.dataDir, email), { password });
      await page.getByRole('heading', { name: "You're signed in" }).waitFor();
      await page.waitForURL((u) => u.pathname === '/dashboard');
    }
    await signedInHeader();
  });

  it('sends a signed-in visitor of /auth to the dashboard', async () => {
    await page.goto('/auth');
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });

  it('logs out to the home page, then logs in with the password', { timeout: 60_000 }, async () => {
    await logOut();
    await page.goto('/auth');
    await page.locator('#login-email').fill(email);
    await page.locator('#login-password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Login failed').waitFor();
    await page.locator('#login-password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await signedInHeader();
  });

  it('signs in by magic link read from the outbox', { timeout: 60_000 }, async () => {
    await logOut();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Magic Link' }).click();
    const send = page.getByRole('button', { name: 'Send Magic Link' });
    expect(await send.isDisabled()).toBe(true);
    await page.locator('#magic-email').fill(email);
    const before = Date.now();
    await send.click();
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    const mail = await newestMailTo(server.dataDir, email);
    expect(Date.parse(mail.createdAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    await followVerifyLink(page, mail);
    await page.getByRole('heading', { name: "You're signed in" }).waitFor();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await signedInHeader();
  });

  it('refuses a used or unknown magic link', async () => {
    await page.goto('/auth/verify?token=not-a-real-token-0000000000000000000000000');
    await page.getByRole('heading', { name: 'Invalid Link' }).waitFor();
    await page.getByText('This magic link is invalid or has expired.').first().waitFor();
    await page.getByRole('link', { name: 'Back to Sign In' }).waitFor();
    await shot(page, 'auth-verify-invalid-1280', false);
  });

  it('sends a magic link from the landing dialog: validation, then Check Your Email', { timeout: 60_000 }, async () => {
    await logOut();
    const guest = `grace.${Date.now()}@example.com`;
    await page.getByRole('button', { name: 'Email Me a Sign-In Link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in with a magic link' });
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
    await page.getByText('Magic link sent').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'landing-magic-dialog-1280', false);
    // The link signs the new address in (and creates its account).
    await followVerifyLink(page, await newestMailTo(server.dataDir, guest));
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByRole('button', { name: `Account menu for ${guest}` }).waitFor();
  });

  it('raised no uncaught page errors', () => {
    expect(errors).toEqual([]);
  });
});
