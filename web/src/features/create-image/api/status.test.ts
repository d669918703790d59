import { describe, expect, it } from 'vitest';
import { toApiStatus } from './status';

describe('toApiStatus', () => {
  it('reads operational as up, degraded with its parts in the product words, anything else as down', () => {
    expect(toApiStatus({ status: 'operational' })).toEqual({ state: 'operational', parts: [] });
    expect(
      toApiStatus({
        status: 'degraded',
        since: '2026-01-01T00:00:00.000Z',
        components: [
          {
            component: 'blob-store',
            problem: 'no_space',
            message: 'out of storage space',
            since: '2026-01-01T00:00:00.000Z',
          },
          {
            component: 'disk',
            problem: 'low_space',
            message: 'storage space is running out',
            since: '2026-01-01T00:00:00.000Z',
          },
          { component: 'mailer', problem: 'unreachable', message: 'not reachable', since: '2026-01-01T00:00:00.000Z' },
        ],
      }),
    ).toEqual({
      state: 'degraded',
      parts: [
        { name: 'storage', message: 'out of storage space' },
        { name: 'e-mail', message: 'not reachable' },
      ],
    });
    expect(toApiStatus({ status: 'unavailable' }).state).toBe('unavailable');
    expect(toApiStatus({ status: 'maintenance' }).state).toBe('unavailable');
  });
});
