/**
 * The create-image screen's API status panel while the server says degraded (issue 31): amber
 * "API Service: Degraded (storage)" with what is wrong in its tooltip — not "Unavailable" — and
 * operational again once the server is. The status answers are stubbed in the browser; the
 * server side of degraded is tested in services/api/test/faults-*.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { checkScreen, givenBrowserSession } from './helpers';

const s = givenBrowserSession({ name: 'status-panel', seed: { count: 0, projects: [] } });

describe('API status panel', () => {
  it('shows Degraded with the failing parts while the server is degraded, and Operational once it is not', async () => {
    let degraded = true;
    await s.page.route('**/api/jsonable/status', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify(
          degraded
            ? {
                status: 'degraded',
                since: '2026-01-01T00:00:00.000Z',
                components: [
                  {
                    component: 'blob-store',
                    problem: 'no_space',
                    message: 'out of storage space: new images and changes cannot be saved',
                    since: '2026-01-01T00:00:00.000Z',
                  },
                  {
                    component: 'disk',
                    problem: 'low_space',
                    message: 'storage space is running out',
                    since: '2026-01-01T00:00:00.000Z',
                  },
                ],
              }
            : { status: 'operational' },
        ),
      }),
    );
    await s.page.goto('/app');
    const panel = s.page.getByTestId('api-status');
    await expect.poll(() => panel.textContent(), { timeout: 20_000 }).toBe('API Service: Degraded (storage)');
    expect(await panel.getAttribute('title')).toBe(
      'storage: out of storage space: new images and changes cannot be saved',
    );
    await checkScreen(s.page, 'status-panel-degraded', { fullPage: false });
    degraded = false;
    await s.page.reload();
    await expect.poll(() => panel.textContent(), { timeout: 20_000 }).toBe('API Service: Operational');
    expect(s.pageErrors).toEqual([]);
  });
});
