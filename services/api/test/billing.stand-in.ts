/**
 * A local HTTP server standing in for Stripe's API, for the real `stripe` SDK to talk to. It
 * records every request (method, path, form fields, auth) so tests check what the SDK sent, and
 * answers with minimal valid objects. Subscriptions are whatever the test puts in `subscriptions`
 * — Stripe's current truth, which the webhook handler re-reads.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface RecordedRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  authorization: string | undefined;
}

export interface StandInSubscription {
  id: string;
  status: string;
  customer: string;
  price: string;
  userId: string | null;
  periodEnd?: number;
}

export interface StripeStandIn {
  url: string;
  requests: RecordedRequest[];
  subscriptions: Map<string, StandInSubscription>;
  /** Answer the next `times` requests with this status and Stripe error object instead. */
  refuseNext(status: number, error: { type: string; message: string; code?: string }, times?: number): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function subscriptionObject(s: StandInSubscription) {
  return {
    id: s.id,
    object: 'subscription',
    status: s.status,
    customer: s.customer,
    metadata: s.userId ? { userId: s.userId } : {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${s.id}`,
          object: 'subscription_item',
          price: { id: s.price, object: 'price' },
          current_period_end: s.periodEnd ?? 1_900_000_000,
        },
      ],
    },
  };
}

export interface StripeStandInOptions {
  /** Checkout Sessions' urls are pages of the stand-in (`/pay/{id}`), for a browser to land on. */
  payPages?: boolean;
}

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  let base = '';
  const requests: RecordedRequest[] = [];
  const subscriptions = new Map<string, StandInSubscription>();
  let sessions = 0;
  let refusal: { status: number; error: { type: string; message: string; code?: string }; times: number } | null = null;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : body));
      requests.push({ method: req.method ?? '', path: url.pathname, form, authorization: req.headers.authorization });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${requests.length}` });
        res.end(JSON.stringify(payload));
      };
      if (refusal) {
        const { status, error } = refusal;
        if (--refusal.times === 0) refusal = null;
        return send(status, { error });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${++sessions}`;
        return send(200, {
          id,
          object: 'checkout.session',
          mode: form.mode,
          url: options.payPages ? `${base}/pay/${id}` : `https://checkout.stripe.test/c/pay/${id}`,
        });
      }
      if (options.payPages && req.method === 'GET' && /^\/pay\/cs_test_\d+$/.test(url.pathname)) {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        return res.end('<!doctype html><title>Checkout stand-in</title><h1>Checkout stand-in</h1>');
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        const id = `bps_${++sessions}`;
        return send(200, {
          id,
          object: 'billing_portal.session',
          customer: form.customer,
          url: `https://billing.stripe.test/p/session/${id}`,
        });
      }
      const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && sub) {
        const found = subscriptions.get(decodeURIComponent(sub[1]!));
        if (found) return send(200, subscriptionObject(found));
        return send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such subscription: '${sub[1]}'`,
          },
        });
      }
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    requests,
    subscriptions,
    refuseNext: (status, error, times = 1) => {
      refusal = { status, error, times };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let counter = 0;
const helper = new Stripe('sk_test_helper');

/** A Stripe event body as Stripe sends it. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; created?: number } = {},
): string {
  return JSON.stringify({
    id: options.id ?? `evt_${++counter}_${Date.now()}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: options.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}

/** The Stripe-Signature header for a payload, made by the SDK's own test helper. */
export function signature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return helper.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

export const checkoutSession = (userId: string, sub: string, customer: string, plan = 'premium') => ({
  id: `cs_${sub}`,
  object: 'checkout.session',
  mode: 'subscription',
  client_reference_id: userId,
  customer,
  subscription: sub,
  metadata: { userId, plan },
  amount_total: plan === 'business' ? 3900 : 900,
  currency: 'usd',
  status: 'complete',
});

export const subscriptionEventObject = (sub: StandInSubscription) => subscriptionObject(sub);

export const invoiceObject = (id: string, sub: string, customer: string, userId: string, amount: number) => ({
  id,
  object: 'invoice',
  customer,
  currency: 'usd',
  amount_paid: amount,
  amount_due: amount,
  parent: { type: 'subscription_details', subscription_details: { subscription: sub, metadata: { userId } } },
});
