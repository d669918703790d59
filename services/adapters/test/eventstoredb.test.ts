/**
 * The EventStore contract against EventStoreDB (official image, insecure single node), or against
 * EVENTSTORE_URL when set, and its fault contract on the real server: the client's errors injected
 * (support/driver-faults.ts, the list faults-servers.test.ts translates without a server), nothing
 * appended, and the same store instance working again once the fault clears. Reported as skipped,
 * by name and with the reason, when neither exists.
 */
import { describe, expect, it } from 'vitest';
import { testEventStore } from '@jsonable/domain/testing/event-store.contract';
import { testEventStoreFaults } from '@jsonable/domain/testing/fault.contract';
import { EsdbEventStore } from '../src/eventstoredb/event-store';
import { esdbEventStoreHarness, KURRENT_FAULTS } from './support/driver-faults';
import { givenServer, planServer } from './support/servers';

const IMAGE = 'eventstore/eventstore:24.10';
const plan = await planServer('EVENTSTORE_URL');

if (plan.kind === 'skip') {
  describe.skip(`EventStoreDB contract — skipped: ${plan.reason}`, () => {
    testEventStore('EventStoreDB', async () => new EsdbEventStore('esdb://unreachable:2113?tls=false'));
    testEventStoreFaults('EventStoreDB', KURRENT_FAULTS, () =>
      esdbEventStoreHarness('esdb://unreachable:2113?tls=false'),
    );
  });
} else {
  const server = givenServer(plan, async ({ GenericContainer, Wait }) => {
    const container = await new GenericContainer(IMAGE)
      .withEnvironment({
        EVENTSTORE_INSECURE: 'true',
        EVENTSTORE_MEM_DB: 'true',
        EVENTSTORE_RUN_PROJECTIONS: 'None',
        EVENTSTORE_CLUSTER_SIZE: '1',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .withStartupTimeout(120_000)
      .start();
    return { container, url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false` };
  });

  testEventStore('EventStoreDB', async () => new EsdbEventStore(server.url()));
  testEventStoreFaults('EventStoreDB', KURRENT_FAULTS, () => esdbEventStoreHarness(server.url()));
}

describe('EsdbEventStore connection strings (no server needed: the client connects lazily)', () => {
  it('accepts every scheme the configuration accepts, kurrentdb:// included', async () => {
    for (const scheme of ['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover', 'kurrent', 'kurrent+discover']) {
      let store: EsdbEventStore | undefined;
      expect(() => (store = new EsdbEventStore(`${scheme}://localhost:2113?tls=false`)), scheme).not.toThrow();
      await store?.close();
    }
    expect(() => new EsdbEventStore('http://localhost:2113')).toThrow();
  });
});
