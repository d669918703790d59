/**
 * Issue #22 in Debian's Chromium against the built app on the real server, with e-mail read from
 * the outbox: the pre-registration takeover closed, sign-in links that confirm only on a click
 * (and warn before switching accounts), password recovery end to end, links retired by a password
 * change, and the sessions list with revocation. axe and pictures at 390 and 1280 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  VIEWPORTS,
  checkScreenAtBothWidths,
  followVerifyLink,
  givenBrowserSession,
  newestMailTo,
  pathOfLink,
  submitRegisterForm,
  submitSignInForm,
} from './helpers';

const s = givenBrowserSession({ name: 'account-security', timeoutMs: 240_000 });

const stamp = Date.now();
const victim = `victim.${stamp}@example.com`;
const other = `other.${stamp}@example.com`;
const attackerPassword = 'attacker chose this one';
let victimPassword = 'the owner chose this';

/** The newest mail to `to` whose subject is `subject` (waits for it). */
async function mail(to: string, subject: string, after = 0) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const m = await newestMailTo(s.server.dataDir, to);
    if (m.subject === subject && Date.parse(m.createdAt ?? '0') >= after) return m;
    if (Date.now() > deadline) throw new Error(`no "${subject}" to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function toast(page: Page, title: string): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: title }).first().waitFor();
}

async function whoAmI(page: Page): Promise<string | null> {
  const res = await page.request.get('/api/user');
  return res.ok() ? ((await res.json()) as { email: string }).email : null;
}

async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await submitSignInForm(page, email, password);
  await page.waitForURL((u) => u.pathname === '/dashboard');
}

async function openSecurity(page: Page): Promise<void> {
  await page.goto('/settings?tab=security');
  await page.getByRole('heading', { name: 'Active sessions' }).waitFor();
  await page.getByRole('list', { name: 'Active sessions' }).waitFor();
}

describe('account security in the browser', { timeout: 120_000 }, () => {
  let victimPage: Page;

  it("closes the pre-registration takeover: the attacker's password stops working once the owner takes the address", async () => {
    // The session's own page is the attacker; everyone else gets a browser profile of their own.
    const attacker = s.page;
    await submitRegisterForm(attacker, victim, attackerPassword);
    await attacker.getByRole('heading', { name: 'Check Your Email' }).waitFor();

    // The owner of the address opens the confirmation: nothing happens before a click.
    victimPage = await s.newPerson(VIEWPORTS.mobile);
    const confirmation = await mail(victim, 'Confirm your Jsonable account');
    await victimPage.goto(pathOfLink(confirmation, '/auth/verify'));
    await victimPage.getByRole('heading', { name: 'Confirm your account' }).waitFor();
    await victimPage.getByText(victim).first().waitFor();
    expect(await whoAmI(victimPage)).toBeNull();
    await checkScreenAtBothWidths(victimPage, 'verify-sign-up');
    // A guess at the sign-up password is refused, and the link still works.
    await victimPage.locator('#verify-password').fill('my usual password');
    await victimPage.getByRole('button', { name: `Continue as ${victim}` }).click();
    await victimPage.getByText('That is not the password chosen at sign-up').waitFor();
    await victimPage.getByRole('button', { name: 'Continue without a password' }).click();
    await victimPage.getByRole('heading', { name: "You're signed in" }).waitFor();
    await victimPage.waitForURL((u) => u.pathname === '/settings' && u.search.includes('tab=security'));
    await victimPage.getByRole('heading', { name: 'Set a password' }).waitFor();
    expect(await victimPage.locator('#current-password').count()).toBe(0);
    await victimPage.locator('#new-password').fill(victimPassword);
    await victimPage.locator('#confirm-password').fill(victimPassword);
    await victimPage.getByRole('button', { name: 'Set Password' }).click();
    await toast(victimPage, 'Password Changed');

    // The attacker's password does not sign in; the owner's does.
    await submitSignInForm(attacker, victim, attackerPassword);
    await toast(attacker, 'Login failed');
    expect(await whoAmI(attacker)).toBeNull();
    await signInWithPassword(attacker, victim, victimPassword);
    expect(await whoAmI(attacker)).toBe(victim);
    await attacker.context().clearCookies();
  });

  it('a sign-in link does not sign in before the click, warns when another account is signed in, and offers to stay or switch', async () => {
    const stranger = await s.newPerson();
    await stranger.request.post('/api/magic-link', { data: { email: other } });
    await followVerifyLink(stranger, await mail(other, 'Your Jsonable sign-in link'));
    await stranger.waitForURL((u) => u.pathname === '/dashboard');

    // Someone sends the victim a link to *their* account (login CSRF): opening it changes nothing.
    const before = Date.now();
    await stranger.request.post('/api/magic-link', { data: { email: other } });
    const link = await mail(other, 'Your Jsonable sign-in link', before - 1000);
    await victimPage.goto(pathOfLink(link, '/auth/verify'));
    await victimPage.getByText(`You are signed in as ${victim} in this browser`).waitFor();
    await victimPage.getByRole('button', { name: `Sign out and continue as ${other}` }).waitFor();
    expect(await whoAmI(victimPage)).toBe(victim);
    await checkScreenAtBothWidths(victimPage, 'verify-switch-warning');
    const token = new URL(`http://x${pathOfLink(link, '/auth/verify')}`).searchParams.get('token')!;
    expect((await victimPage.request.get(`/api/verify-magic-link?token=${token}`)).status()).toBe(200);
    await victimPage.getByRole('link', { name: `Stay signed in as ${victim}` }).click();
    await victimPage.waitForURL((u) => u.pathname === '/dashboard');
    expect(await whoAmI(victimPage)).toBe(victim);

    // Switching, when that is what the person wants, is one click.
    await victimPage.goto(pathOfLink(link, '/auth/verify'));
    await victimPage.getByRole('button', { name: `Sign out and continue as ${other}` }).click();
    await victimPage.waitForURL((u) => u.pathname === '/dashboard');
    // The header names the account now signed in (at 1280 px, where the account menu is in the header).
    await victimPage.setViewportSize(VIEWPORTS.desktop);
    await victimPage.getByRole('button', { name: `Account menu for ${other}` }).waitFor();
    await victimPage.setViewportSize(VIEWPORTS.mobile);
    expect(await whoAmI(victimPage)).toBe(other);
  });

  it('resets a forgotten password through the outbox; the form answers the same for an unknown address', async () => {
    const elsewhere = await s.newPerson();
    await signInWithPassword(elsewhere, victim, victimPassword);

    const page = await s.newPerson(VIEWPORTS.mobile);
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await checkScreenAtBothWidths(page, 'auth-forgot-password');
    const answerFor = async (email: string) => {
      await page.locator('#forgot-email').fill(email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      const status = page.getByRole('status').filter({ hasText: 'Check Your Email' });
      await status.waitFor();
      const text = ((await status.textContent()) ?? '').replace(email, '<address>');
      await page.getByRole('button', { name: 'Back to Sign In' }).click();
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      return text;
    };
    const before = Date.now();
    const unknown = await answerFor(`nobody.${stamp}@example.com`);
    const known = await answerFor(victim);
    expect(known).toBe(unknown);
    expect((await mail(`nobody.${stamp}@example.com`, 'Jsonable password reset')).text).toContain(
      'no account uses this address',
    );

    const reset = await mail(victim, 'Reset your Jsonable password', before - 1000);
    await page.goto(pathOfLink(reset, '/auth/reset-password'));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await checkScreenAtBothWidths(page, 'auth-reset-password');
    victimPassword = 'reset to something new';
    await page.locator('#reset-new-password').fill(victimPassword);
    await page.locator('#reset-confirm-password').fill('not the same');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.locator('#reset-confirm-password').fill(victimPassword);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByRole('heading', { name: 'Your password is set' }).waitFor();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    expect(await whoAmI(page)).toBe(victim);
    // Every other session ended; the link does not work twice.
    expect(await whoAmI(elsewhere)).toBeNull();
    await page.goto(pathOfLink(reset, '/auth/reset-password'));
    await page.getByRole('heading', { name: 'Invalid Link' }).waitFor();
    victimPage = page;
  });

  it('says on Settings → Security that a fresh link session may set a password without the current one; old links die with the change', async () => {
    const before = Date.now();
    await victimPage.request.post('/api/magic-link', { data: { email: victim } });
    const oldLink = await mail(victim, 'Your Jsonable sign-in link', before - 1000);
    await openSecurity(victimPage);
    // The session was opened by the reset link a moment ago.
    await victimPage
      .getByText(/You signed in with a link from your e-mail, so until \d\d:\d\d you can set a new password/)
      .waitFor();
    expect(await victimPage.locator('#current-password').count()).toBe(0);
    await checkScreenAtBothWidths(victimPage, 'settings-security-recent-link');
    victimPassword = 'changed without the old one';
    await victimPage.locator('#new-password').fill(victimPassword);
    await victimPage.locator('#confirm-password').fill(victimPassword);
    await victimPage.getByRole('button', { name: 'Change Password' }).click();
    await toast(victimPage, 'Password Changed');
    // The new session is a password session: the current password is asked for again.
    await victimPage.locator('#current-password').waitFor();

    await victimPage.goto(pathOfLink(oldLink, '/auth/verify'));
    await victimPage.getByRole('heading', { name: 'Invalid Link' }).waitFor();
    expect(await whoAmI(victimPage)).toBe(victim);
  });

  it('lists the sessions with created, last seen, browser and network; signs one out, then every other', async () => {
    const laptop = await s.newPerson();
    await signInWithPassword(laptop, victim, victimPassword);
    await openSecurity(victimPage);
    const items = victimPage.getByRole('list', { name: 'Active sessions' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    const mine = items.filter({ hasText: 'This browser' });
    expect(await mine.count()).toBe(1);
    const text = (await mine.textContent()) ?? '';
    expect(text).toMatch(/Chrome on Linux/);
    expect(text).toMatch(/Signed in \w{3} \d{1,2}, \d{4}, \d\d:\d\d by password · last seen/);
    expect(text).toContain('Network 127.0.0.0/24');
    await checkScreenAtBothWidths(victimPage, 'settings-security-sessions');

    await items
      .filter({ hasNotText: 'This browser' })
      .getByRole('button', { name: /^Sign out / })
      .click();
    await toast(victimPage, 'Session signed out');
    await expect.poll(() => items.count()).toBe(1);
    await laptop.goto('/settings');
    await laptop.getByRole('heading', { name: 'Not Authorized' }).waitFor();
    expect(await whoAmI(laptop)).toBeNull();

    // Two more sign-ins elsewhere, then "Sign out everywhere else".
    await signInWithPassword(laptop, victim, victimPassword);
    const tablet = await s.newPerson();
    await signInWithPassword(tablet, victim, victimPassword);
    await openSecurity(victimPage);
    await expect.poll(() => items.count()).toBe(3);
    await victimPage.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await toast(victimPage, 'Signed out everywhere else');
    await expect.poll(() => items.count()).toBe(1);
    expect(await whoAmI(laptop)).toBeNull();
    expect(await whoAmI(tablet)).toBeNull();
    expect(await victimPage.getByRole('button', { name: 'Sign out everywhere else' }).isDisabled()).toBe(true);

    // Signing out this browser from the list ends at the home page, signed out.
    await mine.getByRole('button', { name: 'Sign out of this browser' }).click();
    await victimPage.waitForURL((u) => u.pathname === '/');
    expect(await whoAmI(victimPage)).toBeNull();
  });

  it('raised no uncaught page errors', () => {
    expect(s.pageErrors).toEqual([]);
  });
});
