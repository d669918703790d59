/** Following e-mailed links the way a person does: open the page, then click (links confirm only on a click). */
import type { Page } from 'playwright-core';
import { linkIn, newestMailTo } from './outbox';

type Mail = Parameters<typeof linkIn>[0];

/** The path and query of the mail's first link to `pathPart`, on whichever server the test runs. */
export function pathOfLink(mail: Mail, pathPart: string): string {
  const u = new URL(linkIn(mail, pathPart));
  return `${u.pathname}${u.search}`;
}

/**
 * Opens the mail's /auth/verify link and clicks "Continue as …" (typing the sign-up password
 * first when given, as a sign-up link asks for it).
 */
export async function followVerifyLink(page: Page, mail: Mail, options: { password?: string } = {}): Promise<void> {
  await page.goto(pathOfLink(mail, '/auth/verify'));
  const cont = page.getByRole('button', { name: /continue as /i });
  await cont.waitFor();
  if (options.password !== undefined) await page.locator('#verify-password').fill(options.password);
  await cont.click();
}

/** Fills in and sends the register form (the confirmation e-mail is then on its way). */
export async function submitRegisterForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth?tab=register');
  await page.locator('#register-email').fill(email);
  await page.locator('#register-password').fill(password);
  await page.locator('#register-confirm').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/**
 * Signs up through the register form as a person does, then confirms from the e-mailed link with
 * the same password; ends on the dashboard.
 */
export async function registerInBrowser(page: Page, dataDir: string, email: string, password: string): Promise<void> {
  await submitRegisterForm(page, email, password);
  // The link asks for the sign-up password again, and confirms on the click.
  await followVerifyLink(page, await newestMailTo(dataDir, email), { password });
  await page.waitForURL('**/dashboard', { timeout: 15_000 });
}

/** Fills in and sends the sign-in form with a password (what follows is the caller's to wait for). */
export async function submitSignInForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
