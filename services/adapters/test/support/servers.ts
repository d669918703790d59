/**
 * Where the server contract suites run: against EVENTSTORE_URL / MONGO_URL when set, else in
 * containers started by testcontainers when a container runtime answers, else nowhere — and then
 * the suites are registered as skipped with the reason in their name.
 *
 * testcontainers probes several runtime strategies and can take long when there is none, so the
 * probe is skipped when no socket or DOCKER_HOST is in sight and is otherwise cut off after a few
 * seconds.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll } from 'vitest';

const PROBE_TIMEOUT_MS = 5_000;

function socketCandidates(): string[] {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  return [
    '/var/run/docker.sock',
    join(homedir(), '.docker', 'run', 'docker.sock'),
    join(homedir(), '.docker', 'desktop', 'docker.sock'),
    join(homedir(), '.colima', 'default', 'docker.sock'),
    join(homedir(), '.rd', 'docker.sock'),
    `/run/user/${uid}/docker.sock`,
    `/run/user/${uid}/podman/podman.sock`,
    '/run/podman/podman.sock',
  ];
}

let probed: Promise<boolean> | null = null;

/** Whether testcontainers can start containers here (answers within a few seconds). */
export function containerRuntimeAvailable(): Promise<boolean> {
  probed ??= (async () => {
    const hinted =
      Boolean(process.env.DOCKER_HOST) ||
      Boolean(process.env.TESTCONTAINERS_HOST_OVERRIDE) ||
      socketCandidates().some((path) => existsSync(path));
    if (!hinted) return false;
    const { getContainerRuntimeClient } = await import('testcontainers');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
      timer.unref();
    });
    try {
      return await Promise.race([
        getContainerRuntimeClient().then(
          () => true,
          () => false,
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  })();
  return probed;
}

export type ServerPlan = { kind: 'url'; url: string } | { kind: 'container' } | { kind: 'skip'; reason: string };

export async function planServer(envName: 'EVENTSTORE_URL' | 'MONGO_URL'): Promise<ServerPlan> {
  const url = process.env[envName];
  if (url) return { kind: 'url', url };
  if (await containerRuntimeAvailable()) return { kind: 'container' };
  return { kind: 'skip', reason: `no container runtime and ${envName} not set` };
}

/**
 * The server of a file's contract suites, for a plan that is not a skip: the URL from the
 * environment, or a container `startContainer` starts in beforeAll (stopped in afterAll, after
 * `cleanUp` ran against it). The suites' factories read `url()` when they run, after beforeAll.
 */
export function givenServer(
  plan: Exclude<ServerPlan, { kind: 'skip' }>,
  startContainer: (
    testcontainers: typeof import('testcontainers'),
  ) => Promise<{ container: StartedTestContainer; url: string }>,
  cleanUp?: (url: string) => Promise<void>,
): { url(): string } {
  let url = plan.kind === 'url' ? plan.url : '';
  let container: StartedTestContainer | undefined;
  beforeAll(async () => {
    if (plan.kind !== 'container') return;
    ({ container, url } = await startContainer(await import('testcontainers')));
  });
  afterAll(async () => {
    if (url) await cleanUp?.(url);
    await container?.stop();
  });
  return { url: () => url };
}
