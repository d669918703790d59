/**
 * The upgrade path with card billing on: /subscribe sends the browser into Stripe Checkout. The
 * server's real Stripe SDK is pointed at a local stand-in for Stripe's API (STRIPE_API_BASE), which
 * records what it was asked for and answers a Checkout Session whose url is a page it serves.
 */
import { describe, expect, it } from 'vitest';
import { startStripeStandIn } from '../../services/api/test/billing.stand-in';
import { given } from '../../services/api/test/support/given';
import { checkScreenAtBothWidths, givenBrowserSession, registerInBrowser } from './helpers';

const stripe = given(() => startStripeStandIn({ payPages: true }));
const s = givenBrowserSession({
  name: 'billing',
  timeoutMs: 240_000,
  env: () => ({
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_WEBHOOK_SECRET: 'whsec_standin',
    STRIPE_PRICE_PREMIUM: 'price_premium_standin',
    STRIPE_PRICE_BUSINESS: 'price_business_standin',
    STRIPE_API_BASE: stripe.url,
  }),
});

const email = `grace.${Date.now()}@example.com`;
const password = 'a long and careful password';

describe('upgrading with card billing on', { timeout: 120_000 }, () => {
  it('a new Free user is sent from the dashboard to Stripe Checkout for Professional', async () => {
    await registerInBrowser(s.page, s.server.dataDir, email, password);

    await s.page.getByRole('link', { name: 'Upgrade', exact: true }).click();
    await s.page.waitForURL('**/subscribe');
    const choose = s.page.getByRole('button', { name: 'Choose Professional' });
    await expect.poll(() => choose.isEnabled()).toBe(true);
    expect(await s.page.getByTestId('billing-off').count()).toBe(0);
    // Enterprise is sold by conversation, not by card.
    expect(await s.page.getByTestId('plan-enterprise').getByRole('link', { name: 'Contact sales' }).count()).toBe(1);
    await checkScreenAtBothWidths(s.page, 'signed-in-subscribe-billing-on');

    await choose.click();
    await s.page.waitForURL(`${stripe.url}/pay/cs_test_1`);
    expect(await s.page.getByRole('heading', { name: 'Checkout stand-in' }).count()).toBe(1);
    const checkouts = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(checkouts).toHaveLength(1);
    const sent = checkouts[0]!.form;
    expect(sent['line_items[0][price]']).toBe('price_premium_standin');
    expect(sent['metadata[plan]']).toBe('premium');
    expect(sent.customer_email).toBe(email);
    expect(sent.success_url).toContain(s.server.baseUrl);
  });

  it('Manage Subscription without a card subscription says so and offers the plans', async () => {
    await s.page.goto(`${s.server.baseUrl}/manage-subscription`);
    await s.page.getByText('there is no card subscription to manage').waitFor();
    expect(await s.page.getByRole('button', { name: 'Open Billing Portal' }).count()).toBe(0);
    expect(s.pageErrors).toEqual([]);
  });
});
