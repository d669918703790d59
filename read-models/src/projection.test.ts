import { describe, expect, it } from 'vitest';
import { alreadyApplied, defineProjection, type ProjectedEvent, type ProjectionTx } from './projection';

const tx = {} as ProjectionTx;
const event = (type: string, position: number): ProjectedEvent => ({
  id: `e${position}`,
  streamId: 's',
  type,
  data: { userId: 'u1', email: 'a@b.c' },
  metadata: {},
  revision: 0,
  position,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('defineProjection', () => {
  it('hands over only the event types it lists, typed', async () => {
    const seen: string[] = [];
    const projection = defineProjection({
      name: 't',
      version: 1,
      collections: [],
      handles: ['EmailClaimed'],
      async handle(e) {
        seen.push(`${e.type}:${e.data.email}`);
      },
    });
    await projection.handle(event('EmailClaimed', 1), tx);
    await projection.handle(event('UserRegistered', 2), tx);
    expect(seen).toEqual(['EmailClaimed:a@b.c']);
    expect(projection.handles).toEqual(['EmailClaimed']);
  });
});

describe('alreadyApplied', () => {
  it('skips an event at or below the position a document remembers', () => {
    expect(alreadyApplied(null, 5)).toBe(false);
    expect(alreadyApplied(undefined, 5)).toBe(false);
    expect(alreadyApplied({ id: 'x', position: 4 }, 5)).toBe(false);
    expect(alreadyApplied({ id: 'x', position: 5 }, 5)).toBe(true);
    expect(alreadyApplied({ id: 'x', position: 6 }, 5)).toBe(true);
  });
});
