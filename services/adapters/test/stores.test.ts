import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createStores } from '../src/index';

const dir = mkdtempSync(join(tmpdir(), 'jsonable-stores-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createStores', () => {
  it('opens the embedded stores under the data folder and they keep their data across a reopen', async () => {
    const stores = await createStores({ dataDir: join(dir, 'data') });
    await stores.eventStore.append(
      'user-1',
      [{ id: 'e1', type: 'UserSignedUp', data: { email: 'a@b.c' } }],
      'no_stream',
    );
    await stores.docs.ensureCollection({ name: 'users@v1', indexes: ['email'] });
    await stores.docs.applyBatch([{ op: 'put', collection: 'users@v1', doc: { id: 'user-1', email: 'a@b.c' } }], {
      name: 'users@v1',
      position: 1,
    });
    await stores.blobs.put('images/x.png', Buffer.from([1, 2, 3]), 'image/png');
    await stores.close();
    await stores.close();
    for (const name of ['events.sqlite', 'readmodels.sqlite', 'blobs'])
      expect(existsSync(join(dir, 'data', name))).toBe(true);

    const again = await createStores({ dataDir: join(dir, 'data') });
    expect((await again.eventStore.readStream('user-1')).map((e) => e.id)).toEqual(['e1']);
    expect(await again.docs.find('users@v1', { email: 'a@b.c' })).toEqual([{ id: 'user-1', email: 'a@b.c' }]);
    expect(await again.docs.getCheckpoint('users@v1')).toBe(1);
    expect((await again.blobs.head('images/x.png'))?.length).toBe(3);
    await again.close();
  });
});
