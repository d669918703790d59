import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { testEventStore } from '@jsonable/domain/testing/event-store.contract';
import { SqliteEventStore } from '../src/sqlite/event-store';

const dir = mkdtempSync(join(tmpdir(), 'jsonable-es-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Every call opens another connection to the same file, as a second process would.
testEventStore('SQLite', async () => new SqliteEventStore(join(dir, 'events.sqlite')));
