/**
 * Billing over HTTP. With Stripe configured: Checkout, the Customer Portal and the webhook.
 * Without: the status says so, and checkout/portal answer 503 with how an operator changes plans.
 *
 * GET  /api/billing/status    → { enabled, plans: [...], message? }   (public)
 * POST /api/billing/checkout  { plan } → { url }                        (session)
 * POST /api/billing/portal    → { url }                                 (session)
 * GET  /api/billing/history   → { entries: [{ id, date, event, plan, amount, currency }] } (session)
 * POST /api/billing/webhook   Stripe's signed events (raw body; 400 on a bad signature)
 */
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { billingMessages, billingPlans, checkoutRequestSchema, type BillingStatus } from '@jsonable/contracts/billing';
import { DomainError, UnavailableError, ValidationError } from '@jsonable/domain/errors';
import { isFault } from '@jsonable/domain/faults';
import { handleWebhook, openPortal, startCheckout, type BillingDeps } from '@jsonable/domain/billing/billing.handlers';
import { WebhookSignatureError, type BillingProvider } from '@jsonable/domain/billing/ports';
import { billingHistory, countBillingHistory } from '@jsonable/read-models/billing/billing.queries';
import { pageQuerySchema } from '@jsonable/contracts/lists';
import { answerPage } from '../paging';
import type { AppDeps } from '../../deps';
import type { AppState } from '../../module';
import { parse } from '../parse';
import { readRawBody } from './raw-body';

export const WEBHOOK_PATH = '/api/billing/webhook';

function userIdOf(state: AppState): string {
  if (!state.principal) throw new Error('requireSession must run first');
  return state.principal.userId;
}

/** The provider could not be reached or refused: 503 (our own errors pass through). */
async function viaProvider<T>(deps: AppDeps, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // The provider failing (faults.ts, component billing) keeps the product's words; a store
    // failing (no space, unreachable) answers as such. Both are 5xx, so Stripe retries a webhook.
    if (isFault(error) && error.component === 'billing') {
      deps.logger.warn('billing provider call failed', { fault: error.describe() });
      if (error.retryable) throw new UnavailableError(billingMessages.providerUnavailable, error.retryAfterSeconds);
      throw error;
    }
    if (error instanceof DomainError) throw error;
    deps.logger.error('billing provider call failed', { error });
    throw new UnavailableError(billingMessages.providerUnavailable);
  }
}

export function billingRoutes(
  router: Router<AppState>,
  deps: AppDeps,
  session: Middleware<AppState>,
  provider: BillingProvider | null,
): void {
  const prices = deps.config.stripe?.prices ?? {};
  const enabled = provider !== null;
  const billing = (): BillingDeps => {
    if (!provider) throw new UnavailableError(billingMessages.disabled);
    return {
      eventStore: deps.eventStore,
      readModels: deps.readModels,
      ids: deps.ids,
      provider,
      prices,
      publicUrl: deps.config.publicUrl,
      log: (msg, fields) => deps.logger.warn(msg, fields),
    };
  };

  router.get('/api/billing/status', (ctx) => {
    const status: BillingStatus = {
      enabled,
      plans: billingPlans(enabled, new Set(Object.keys(prices))),
      ...(enabled ? {} : { message: billingMessages.disabled }),
    };
    ctx.body = status;
  });

  router.post('/api/billing/checkout', session, async (ctx) => {
    const b = billing();
    const { plan } = parse(checkoutRequestSchema, ctx.request.body);
    ctx.body = await viaProvider(deps, () => startCheckout(b, { userId: userIdOf(ctx.state), plan }));
  });

  router.post('/api/billing/portal', session, async (ctx) => {
    const b = billing();
    ctx.body = await viaProvider(deps, () => openPortal(b, { userId: userIdOf(ctx.state) }));
  });

  /** A page of the history, newest first (issue #30: `limit`, `cursor`; Link and X-Total-Count). */
  router.get('/api/billing/history', session, async (ctx) => {
    const userId = userIdOf(ctx.state);
    const page = await answerPage(
      ctx,
      deps,
      parse(pageQuerySchema, ctx.query),
      ['billing-history', userId],
      (p) => billingHistory(deps.readModels, userId, p),
      () => countBillingHistory(deps.readModels, userId),
    );
    ctx.body = { entries: page.entries };
  });

  router.post(WEBHOOK_PATH, async (ctx) => {
    // Every delivery is counted by outcome (metrics): recorded, ignored, unknown_user, refused, failed.
    try {
      const outcome = await receiveWebhook(ctx);
      deps.metrics?.webhook(outcome);
    } catch (error) {
      deps.metrics?.webhook(error instanceof ValidationError ? 'refused' : 'failed');
      throw error;
    }
  });

  async function receiveWebhook(ctx: Parameters<Middleware<AppState>>[0]): Promise<string> {
    const b = billing();
    const raw = await readRawBody(ctx, deps.config.bodyLimitBytes);
    const signature = ctx.get('Stripe-Signature');
    if (!signature) throw new ValidationError(billingMessages.invalidSignature);
    let webhook;
    try {
      webhook = b.provider.verifyWebhook(raw, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        deps.logger.warn('billing webhook refused', { reason: error.message });
        throw new ValidationError(billingMessages.invalidSignature);
      }
      throw error;
    }
    // Not recorded (Stripe unreachable for the re-read, or our store): 503, and Stripe retries.
    const outcome = await viaProvider(deps, () => handleWebhook(b, webhook));
    if (outcome.status === 'unknown_user') {
      // Answered 200: retrying cannot make an unknown account known, and Stripe would retry for days.
      deps.logger.warn('billing webhook for an unknown account', { eventId: webhook.eventId, reason: outcome.reason });
    } else if (outcome.status === 'recorded') {
      await deps.waitForProjections(outcome.position);
      deps.logger.info('billing webhook recorded', {
        eventId: webhook.eventId,
        userId: outcome.userId,
        events: outcome.events.map((e) => e.type),
        plan: outcome.plan,
      });
    }
    ctx.body = { received: true, outcome: outcome.status };
    return outcome.status;
  }
}
