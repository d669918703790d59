/**
 * Fault translation of the server adapters (MongoDB/GridFS, KurrentDB) without a server: each
 * adapter runs over a client that never connects, behind a fault-injecting wrapper that throws the
 * driver's real error classes, and must give the typed fault of each. (Recovery on the same
 * instance needs a server: the same fault contract, with the same error lists from
 * support/driver-faults.ts, runs in the container suites mongodb.test.ts / eventstoredb.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { DependencyFault, type FaultComponent, type FaultKind } from '@jsonable/domain/faults';
import { faulty, faultSwitch } from '@jsonable/domain/testing/fault-injection';
import type { InjectedFault } from '@jsonable/domain/testing/fault.contract';
import { EsdbEventStore } from '../src/eventstoredb/event-store';
import { MongoDocumentStore } from '../src/mongodb/document-store';
import { GridFsBlobStore } from '../src/mongodb/gridfs-blob-store';
import { stripeFault } from '../src/faults/providers';
import { StripeBilling } from '../src/stripe/stripe-billing';
import { KURRENT_FAULTS, MONGO_FAULTS } from './support/driver-faults';

const cases = (faults: InjectedFault[]) => faults.map((f) => [f.label, f.error, f.kind] as const);

async function expectFault(call: Promise<unknown>, component: FaultComponent, kind: FaultKind): Promise<void> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DependencyFault);
  expect({
    component: (error as DependencyFault).component,
    kind: (error as DependencyFault).kind,
    retryable: (error as DependencyFault).retryable,
  }).toEqual({ component, kind, retryable: true });
}

describe('MongoDB adapters translate the driver errors', () => {
  const faults = faultSwitch();
  // Never connected: with the wrapper armed, no call reaches the network.
  const client = new MongoClient('mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=200');
  const driver = faulty(client, faults.armed);
  const docs = MongoDocumentStore.over(driver, 'faults');
  const blobs = new GridFsBlobStore(driver.db('faults'));
  afterAll(() => client.close());

  it.each(cases(MONGO_FAULTS))('%s', async (_label, error, kind) => {
    faults.arm(error());
    try {
      await expectFault(docs.get('users', 'a'), 'document-store', kind);
      await expectFault(
        docs.applyBatch([{ op: 'put', collection: 'users', doc: { id: randomUUID() } }], {
          name: 'users@v1',
          position: 3,
        }),
        'document-store',
        kind,
      );
      await expectFault(docs.putIf('leases', { id: 'projector', version: 1 }, null), 'document-store', kind);
      await expectFault(blobs.head('images/a.png'), 'blob-store', kind);
      await expectFault(blobs.put('images/a.png', new Uint8Array([1, 2, 3]), 'image/png'), 'blob-store', kind);
    } finally {
      faults.disarm();
    }
  });
});

it('MongoDB: a server that is not there fails connect() as unreachable (the real driver error)', async () => {
  const error = await MongoDocumentStore.connect('mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=300', 'faults').then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DependencyFault);
  expect((error as DependencyFault).kind).toBe('unreachable');
  expect((error as DependencyFault).detail).toMatch(/MongoServerSelectionError/);
});

describe('KurrentDB event store translates the client errors', () => {
  const faults = faultSwitch();
  const store = new EsdbEventStore('kurrentdb://127.0.0.1:1?tls=false', { driver: (c) => faulty(c, faults.armed) });
  afterAll(async () => {
    faults.disarm();
    await store.close().catch(() => undefined);
  });

  it.each(cases(KURRENT_FAULTS))('%s', async (_label, error, kind) => {
    faults.arm(error());
    try {
      await expectFault(
        store.append(`s-${randomUUID()}`, [{ id: randomUUID(), type: 'Tested', data: {} }], 'no_stream'),
        'event-store',
        kind,
      );
      await expectFault(store.readStream(`s-${randomUUID()}`), 'event-store', kind);
      await expectFault(store.headPosition(), 'event-store', kind);
    } finally {
      faults.disarm();
    }
  });
});

describe('Stripe errors become billing faults', () => {
  const cases: Array<[string, unknown, FaultKind, boolean, number]> = [
    [
      'StripeConnectionError',
      new Stripe.errors.StripeConnectionError({ message: 'An error occurred with our connection to Stripe.' }),
      'unreachable',
      true,
      503,
    ],
    [
      'StripeAPIError 500',
      new Stripe.errors.StripeAPIError({ message: 'Internal error', statusCode: 500 }),
      'provider',
      true,
      503,
    ],
    [
      'StripeRateLimitError 429',
      new Stripe.errors.StripeRateLimitError({ message: 'Too many requests', statusCode: 429 }),
      'provider',
      true,
      503,
    ],
    [
      'StripeAuthenticationError 401',
      new Stripe.errors.StripeAuthenticationError({ message: 'Invalid API Key provided', statusCode: 401 }),
      'provider',
      false,
      502,
    ],
  ];
  it.each(cases)('%s', (_label, error, kind, retryable, status) => {
    const fault = stripeFault(error);
    expect({
      kind: fault?.kind,
      retryable: fault?.retryable,
      status: fault?.status,
      component: fault?.component,
    }).toEqual({ kind, retryable, status, component: 'billing' });
  });

  it('StripeBilling answers a refused key as a non-retryable billing fault (a local server stands in for Stripe)', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***' } }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const billing = new StripeBilling({
        secretKey: 'sk_test_x',
        webhookSecret: 'whsec_x',
        apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      });
      const error = await billing.getSubscription('sub_1').then(
        () => null,
        (e: unknown) => e as DependencyFault,
      );
      expect({ kind: error?.kind, retryable: error?.retryable, component: error?.component }).toEqual({
        kind: 'provider',
        retryable: false,
        component: 'billing',
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
