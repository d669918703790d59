/**
 * The DocumentStore and BlobStore contracts against MongoDB (official image as a single-node
 * replica set, which transactions need), or against MONGO_URL when set (a fresh database per run,
 * dropped afterwards), and their fault contract on the real server: the driver's errors injected
 * (support/driver-faults.ts, the lists faults-servers.test.ts translates without a server), nothing
 * half-written, and the same store instance working again once the fault clears. Reported as
 * skipped, by name and with the reason, when neither exists.
 */
import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { testBlobStore } from '@jsonable/domain/testing/blob-store.contract';
import { testBlobStoreFaults, testDocumentStoreFaults } from '@jsonable/domain/testing/fault.contract';
import { testDocumentStore } from '@jsonable/read-models/testing/document-store.contract';
import { GridFsBlobStore } from '../src/mongodb/gridfs-blob-store';
import { MongoDocumentStore } from '../src/mongodb/document-store';
import { gridFsBlobStoreHarness, MONGO_FAULTS, mongoDocumentStoreHarness } from './support/driver-faults';
import { givenServer, planServer } from './support/servers';

const IMAGE = 'mongo:7.0';
const plan = await planServer('MONGO_URL');
const dbName = `jsonable_test_${randomUUID().slice(0, 8)}`;

if (plan.kind === 'skip') {
  describe.skip(`MongoDB contract — skipped: ${plan.reason}`, () => {
    testDocumentStore('MongoDB', () => MongoDocumentStore.connect('mongodb://unreachable', dbName));
    testBlobStore('MongoDB GridFS', () => GridFsBlobStore.connect('mongodb://unreachable', dbName));
    testDocumentStoreFaults('MongoDB', MONGO_FAULTS, () => mongoDocumentStoreHarness('mongodb://unreachable', dbName));
    testBlobStoreFaults('MongoDB GridFS', MONGO_FAULTS, () => gridFsBlobStoreHarness('mongodb://unreachable', dbName));
  });
} else {
  const server = givenServer(
    plan,
    async ({ GenericContainer, Wait }) => {
      const container = await new GenericContainer(IMAGE)
        .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
        .withExposedPorts(27017)
        .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
        .withStartupTimeout(120_000)
        .start();
      // A single-node replica set: transactions (applyBatch) need one.
      await container.exec([
        'mongosh',
        '--quiet',
        '--eval',
        "rs.initiate({_id:'rs0',members:[{_id:0,host:'localhost:27017'}]})",
      ]);
      const url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
      const { MongoClient } = await import('mongodb');
      const client = new MongoClient(url);
      try {
        for (let i = 0; i < 100; i++) {
          const hello = await client.db('admin').command({ hello: 1 });
          if (hello.isWritablePrimary === true) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      } finally {
        await client.close();
      }
      return { container, url };
    },
    async (url) => {
      const { MongoClient } = await import('mongodb');
      const client = new MongoClient(url);
      await client
        .db(dbName)
        .dropDatabase()
        .catch(() => undefined);
      await client.close();
    },
  );
  const url = () => server.url();

  testDocumentStore('MongoDB', () => MongoDocumentStore.connect(url(), dbName));
  testBlobStore('MongoDB GridFS', () => GridFsBlobStore.connect(url(), dbName));
  testDocumentStoreFaults('MongoDB', MONGO_FAULTS, () => mongoDocumentStoreHarness(url(), dbName));
  testBlobStoreFaults('MongoDB GridFS', MONGO_FAULTS, () => gridFsBlobStoreHarness(url(), dbName));
}
