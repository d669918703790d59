import { describe, expect, it } from 'vitest';
import { BusyFault, NoSpaceFault, UnreachableFault } from '../src/faults';
import { BUSY_LAPSE_MS, HealthMonitor, monitorPort } from '../src/health/monitor';

describe('HealthMonitor', () => {
  it('clears unreachable on any success, no_space only on a write, busy after a quiet spell', () => {
    let now = 1_000_000;
    const h = new HealthMonitor(() => now);
    const changes: string[] = [];
    h.onChange((component, state) => changes.push(`${component}:${state?.kind ?? 'ok'}`));
    h.fault(new UnreachableFault('event-store'));
    h.fault(new NoSpaceFault('blob-store'));
    h.fault(new BusyFault('document-store'));
    expect(h.snapshot().components.map((c) => `${c.component}:${c.kind}`)).toEqual([
      'blob-store:no_space',
      'document-store:busy',
      'event-store:unreachable',
    ]);
    h.succeeded('event-store', false);
    h.succeeded('blob-store', false);
    expect(h.snapshot().components.map((c) => c.component)).toEqual(['blob-store', 'document-store']);
    h.succeeded('blob-store', true);
    now += BUSY_LAPSE_MS + 1;
    expect(h.snapshot()).toMatchObject({ status: 'operational', components: [] });
    expect(changes).toEqual([
      'event-store:unreachable',
      'blob-store:no_space',
      'document-store:busy',
      'event-store:ok',
      'blob-store:ok',
      'document-store:ok',
    ]);
  });

  it('keeps the first time a problem was seen as `since`, and the disk probe clears no_space of the local stores only', () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const h = new HealthMonitor(() => now, new Set(['blob-store']));
    h.fault(new NoSpaceFault('blob-store'));
    h.fault(new NoSpaceFault('document-store'));
    now += 60_000;
    h.fault(new NoSpaceFault('blob-store'));
    const blob = h.snapshot().components.find((c) => c.component === 'blob-store');
    expect(blob).toMatchObject({ since: '2026-01-01T00:00:00.000Z', lastSeen: '2026-01-01T00:01:00.000Z' });
    h.diskHasRoom();
    expect(h.snapshot().components.map((c) => c.component)).toEqual(['document-store']);
  });

  it('says unavailable while a store probe fails and recovers when it answers', async () => {
    let up = false;
    const h = new HealthMonitor();
    h.addProbe({
      component: 'event-store',
      check: async () => {
        if (!up) throw new Error('closed');
        return { problem: null };
      },
    });
    expect((await h.check()).status).toBe('unavailable');
    up = true;
    expect((await h.check()).status).toBe('operational');
  });

  it('monitorPort reports faults of calls and successes, and leaves other errors alone', async () => {
    const h = new HealthMonitor();
    let mode: 'fault' | 'bug' | 'ok' = 'fault';
    const port = monitorPort(
      {
        async put(): Promise<string> {
          if (mode === 'fault') throw new NoSpaceFault('blob-store');
          if (mode === 'bug') throw new TypeError('bug');
          return 'stored';
        },
      },
      'blob-store',
      h,
      ['put'],
    );
    await expect(port.put()).rejects.toBeInstanceOf(NoSpaceFault);
    expect(h.snapshot().status).toBe('degraded');
    mode = 'bug';
    await expect(port.put()).rejects.toBeInstanceOf(TypeError);
    expect(h.snapshot().status).toBe('degraded');
    mode = 'ok';
    expect(await port.put()).toBe('stored');
    expect(h.snapshot().status).toBe('operational');
  });
});
