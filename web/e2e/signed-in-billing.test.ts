/**
 * The upgrade path with card billing on: /subscribe sends the browser into Stripe Checkout. The
 * server's real Stripe SDK is pointed at a local stand-in for Stripe's API (STRIPE_API_BASE), which
 * records what it was asked for and answers a Checkout Session whose url is a page it serves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  VIEWPORTS,
  WEB_DIST,
  collectPageErrors,
  ensureWebBuilt,
  followVerifyLink,
  launchBrowser,
  newPage,
  newestMailTo,
  seriousA11yViolations,
  shot,
  startE2eServer,
  type E2eServer,
} from './helpers';

let stripe: Server;
let stripeUrl = '';
const checkoutRequests: URLSearchParams[] = [];
let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let distCopy = '';

const email = `grace.${Date.now()}@example.com`;
const password = 'a long and careful password';

function startStripeStandIn(): Promise<void> {
  stripe = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        checkoutRequests.push(new URLSearchParams(body));
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'cs_test_standin',
            object: 'checkout.session',
            mode: 'subscription',
            url: `${stripeUrl}/pay/cs_test_standin`,
          }),
        );
        return;
      }
      if (req.method === 'GET' && req.url === '/pay/cs_test_standin') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<!doctype html><title>Checkout stand-in</title><h1>Checkout stand-in</h1>');
        return;
      }
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { type: 'invalid_request_error', message: `stand-in has no ${req.method} ${req.url}` },
        }),
      );
    });
  });
  return new Promise((resolve) =>
    stripe.listen(0, '127.0.0.1', () => {
      stripeUrl = `http://127.0.0.1:${(stripe.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

beforeAll(async () => {
  await startStripeStandIn();
  await ensureWebBuilt();
  distCopy = mkdtempSync(join(tmpdir(), 'jsonable-billing-dist-'));
  cpSync(WEB_DIST, distCopy, { recursive: true });
  server = await startE2eServer({
    WEB_DIST: distCopy,
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_WEBHOOK_SECRET: 'whsec_standin',
    STRIPE_PRICE_PREMIUM: 'price_premium_standin',
    STRIPE_PRICE_BUSINESS: 'price_business_standin',
    STRIPE_API_BASE: stripeUrl,
  });
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, server.baseUrl));
  pageErrors = collectPageErrors(page);
}, 240_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  await new Promise((r) => stripe?.close(r));
  if (distCopy) rmSync(distCopy, { recursive: true, force: true });
});

describe('upgrading with card billing on', { timeout: 120_000 }, () => {
  it('a new Free user is sent from the dashboard to Stripe Checkout for Professional', async () => {
    await page.goto('/auth?tab=register');
    await page.locator('#register-email').fill(email);
    await page.locator('#register-password').fill(password);
    await page.locator('#register-confirm').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await followVerifyLink(page, await newestMailTo(server.dataDir, email), { password });
    await page.waitForURL('**/dashboard', { timeout: 15_000 });

    await page.getByRole('link', { name: 'Upgrade', exact: true }).click();
    await page.waitForURL('**/subscribe');
    const choose = page.getByRole('button', { name: 'Choose Professional' });
    await expect.poll(() => choose.isEnabled()).toBe(true);
    expect(await page.getByTestId('billing-off').count()).toBe(0);
    // Enterprise is sold by conversation, not by card.
    expect(await page.getByTestId('plan-enterprise').getByRole('link', { name: 'Contact sales' }).count()).toBe(1);
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    );
    expect((await seriousA11yViolations(page)).map((f) => f.id)).toEqual([]);
    await page.setViewportSize(VIEWPORTS.mobile);
    await shot(page, 'signed-in-subscribe-billing-on-390');
    await page.setViewportSize(VIEWPORTS.desktop);
    await shot(page, 'signed-in-subscribe-billing-on-1280');

    await choose.click();
    await page.waitForURL(`${stripeUrl}/pay/cs_test_standin`);
    expect(await page.getByRole('heading', { name: 'Checkout stand-in' }).count()).toBe(1);
    expect(checkoutRequests).toHaveLength(1);
    const sent = checkoutRequests[0]!;
    expect(sent.get('line_items[0][price]')).toBe('price_premium_standin');
    expect(sent.get('metadata[plan]')).toBe('premium');
    expect(sent.get('customer_email')).toBe(email);
    expect(sent.get('success_url')).toContain(server.baseUrl);
  });

  it('Manage Subscription without a card subscription says so and offers the plans', async () => {
    await page.goto(`${server.baseUrl}/manage-subscription`);
    await page.getByText('there is no card subscription to manage').waitFor();
    expect(await page.getByRole('button', { name: 'Open Billing Portal' }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
