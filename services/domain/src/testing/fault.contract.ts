/**
 * The fault contract of the ports, run against every adapter with its driver behind a
 * fault-injecting wrapper (fault-injection.ts) that throws the driver's real error shapes:
 * - each driver error leaves the adapter as the typed fault of its kind (faults.ts), naming the
 *   component, retryable or not;
 * - a failed write leaves nothing behind (no event, no document, no checkpoint, no blob);
 * - once the driver works again, the SAME adapter instance works again (recovery without restart).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentStore } from '@jsonable/read-models/ports';
import { DependencyFault, type FaultComponent, type FaultKind } from '../faults';
import type { BlobStore, EventStore, Mailer } from '../ports';

/** One injectable driver failure: the error the driver really throws, and what it must become. */
export interface InjectedFault {
  /** e.g. 'SQLITE_FULL', 'ENOSPC', 'MongoServerSelectionError'. */
  label: string;
  error: () => unknown;
  kind: FaultKind;
  retryable: boolean;
}

export interface FaultHarness<Port> {
  port: Port;
  /** From now on every driver call throws this error (null: the driver works again). */
  inject(error: unknown): void;
  close(): Promise<void>;
}

async function expectFault(
  promise: Promise<unknown>,
  component: FaultComponent,
  fault: InjectedFault,
): Promise<DependencyFault> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `${fault.label} should fail the call`).toBeInstanceOf(DependencyFault);
  const f = error as DependencyFault;
  expect({ component: f.component, kind: f.kind, retryable: f.retryable }).toEqual({
    component,
    kind: fault.kind,
    retryable: fault.retryable,
  });
  expect(f.status).toBe(fault.kind === 'no_space' ? 507 : fault.retryable ? 503 : 502);
  if (fault.retryable) expect(f.retryAfterSeconds).toBeGreaterThan(0);
  // The caller's message never carries the driver's words (paths, hosts); the operator's does.
  expect(f.message).not.toContain(fault.label);
  return f;
}

function suite<Port>(
  name: string,
  open: () => Promise<FaultHarness<Port>>,
  body: (h: () => Promise<FaultHarness<Port>>) => void,
): void {
  describe(name, () => {
    let harness: FaultHarness<Port> | undefined;
    const get = async () => (harness ??= await open());
    afterAll(async () => {
      harness?.inject(null);
      await harness?.close();
    });
    body(get);
  });
}

export function testEventStoreFaults(
  name: string,
  faults: readonly InjectedFault[],
  open: () => Promise<FaultHarness<EventStore>>,
): void {
  suite(`${name} — EventStore faults`, open, (get) => {
    it.each(faults.map((f) => [f.label, f] as const))(
      '%s: append and reads fail typed, nothing is appended, the same store recovers',
      async (_label, fault) => {
        const h = await get();
        const stream = `fault_${randomUUID()}`;
        const event = () => ({ id: randomUUID(), type: 'Tested', data: { at: Date.now() } });
        await h.port.append(stream, [event()], 'no_stream');
        h.inject(fault.error());
        try {
          await expectFault(h.port.append(stream, [event()], 0), 'event-store', fault);
          await expectFault(h.port.readStream(stream), 'event-store', fault);
        } finally {
          h.inject(null);
        }
        expect(await h.port.readStream(stream)).toHaveLength(1);
        const next = await h.port.append(stream, [event()], 0);
        expect(next.nextRevision).toBe(1);
      },
    );
  });
}

export function testDocumentStoreFaults(
  name: string,
  faults: readonly InjectedFault[],
  open: () => Promise<FaultHarness<DocumentStore>>,
): void {
  suite(`${name} — DocumentStore faults`, open, (get) => {
    it.each(faults.map((f) => [f.label, f] as const))(
      '%s: a batch and its checkpoint fail together, typed; the same store recovers',
      async (_label, fault) => {
        const h = await get();
        const collection = `faults_${randomUUID().slice(0, 8)}`;
        const checkpoint = `faults-${randomUUID()}`;
        await h.port.ensureCollection({ name: collection, indexes: [] });
        await h.port.applyBatch([{ op: 'put', collection, doc: { id: 'a', n: 1 } }], { name: checkpoint, position: 1 });
        h.inject(fault.error());
        try {
          await expectFault(
            h.port.applyBatch([{ op: 'put', collection, doc: { id: 'b', n: 2 } }], { name: checkpoint, position: 2 }),
            'document-store',
            fault,
          );
          await expectFault(h.port.putIf(collection, { id: 'c', version: 1 }, null), 'document-store', fault);
          await expectFault(h.port.get(collection, 'a'), 'document-store', fault);
        } finally {
          h.inject(null);
        }
        expect(await h.port.get(collection, 'b')).toBeNull();
        expect(await h.port.get(collection, 'c')).toBeNull();
        expect(await h.port.getCheckpoint(checkpoint)).toBe(1);
        await h.port.applyBatch([{ op: 'put', collection, doc: { id: 'b', n: 2 } }], { name: checkpoint, position: 2 });
        expect(await h.port.get(collection, 'b')).toMatchObject({ n: 2 });
        expect(await h.port.getCheckpoint(checkpoint)).toBe(2);
      },
    );
  });
}

export function testBlobStoreFaults(
  name: string,
  faults: readonly InjectedFault[],
  open: () => Promise<FaultHarness<BlobStore>>,
): void {
  suite(`${name} — BlobStore faults`, open, (get) => {
    it.each(faults.map((f) => [f.label, f] as const))(
      '%s: a put fails typed and leaves no blob; the same store recovers',
      async (_label, fault) => {
        const h = await get();
        const prefix = `faults/${randomUUID()}/`;
        const bytes = new TextEncoder().encode('x'.repeat(4096));
        h.inject(fault.error());
        try {
          await expectFault(h.port.put(`${prefix}a.png`, bytes, 'image/png'), 'blob-store', fault);
          await expectFault(h.port.head(`${prefix}a.png`), 'blob-store', fault);
        } finally {
          h.inject(null);
        }
        expect(await h.port.head(`${prefix}a.png`)).toBeNull();
        const listed: string[] = [];
        for await (const info of h.port.list(prefix)) listed.push(info.key);
        expect(listed).toEqual([]);
        await h.port.put(`${prefix}a.png`, bytes, 'image/png');
        expect((await h.port.head(`${prefix}a.png`))?.length).toBe(bytes.byteLength);
        await h.port.delete(`${prefix}a.png`);
      },
    );
  });
}

export function testMailerFaults(
  name: string,
  faults: readonly InjectedFault[],
  open: () => Promise<FaultHarness<Mailer>>,
): void {
  suite(`${name} — Mailer faults`, open, (get) => {
    it.each(faults.map((f) => [f.label, f] as const))(
      '%s: a send fails typed; the same mailer recovers',
      async (_label, fault) => {
        const h = await get();
        const message = { to: 'ann@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>', tag: 'test' };
        h.inject(fault.error());
        try {
          await expectFault(h.port.send(message), 'mailer', fault);
        } finally {
          h.inject(null);
        }
        await h.port.send(message);
      },
    );
  });
}
