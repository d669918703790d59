/**
 * Given a harness for the whole test file (issue #27, item 8): `given(start)` registers the
 * beforeAll that starts it and the afterAll that closes it, and returns the harness at once, as a
 * stand-in that reaches the started one. A test file then reads
 *
 *     const h = givenRenderHarness();
 *     it('…', async () => { const u = await h.user(); … expect(await h.rendered(u.userId)).toHaveLength(1); });
 *
 * instead of a `let`, two hooks and its own copies of small helpers. `givenEach(start)` does the
 * same around every test (beforeEach/afterEach), for a fixture each test gets fresh.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export interface GivenOptions {
  /** Runs after the harness is closed (e.g. closing a render pool shared by the file). */
  after?: () => Promise<void>;
  /** beforeAll's time limit, for harnesses that start slow pieces (a render pool). */
  timeoutMs?: number;
}

type Closable = { close(): Promise<void> };

export function given<H extends Closable>(start: () => Promise<H>, options: GivenOptions = {}): H {
  return startedAround(start, options, beforeAll, afterAll);
}

/** A fresh fixture for every test of the file: started in beforeEach, closed in afterEach. */
export function givenEach<H extends Closable>(start: () => H | Promise<H>, options: GivenOptions = {}): H {
  return startedAround(start, options, beforeEach, afterEach);
}

function startedAround<H extends Closable>(
  start: () => H | Promise<H>,
  options: GivenOptions,
  before: (fn: () => Promise<void>, timeout?: number) => void,
  after: (fn: () => Promise<void>) => void,
): H {
  let current: H | null = null;
  const started = (key: PropertyKey): H => {
    if (!current) throw new Error(`The harness was used before it was started (reading ${String(key)})`);
    return current;
  };
  before(async () => {
    current = await start();
  }, options.timeoutMs);
  after(async () => {
    const h = current;
    current = null;
    await h?.close();
    await options.after?.();
  });
  return new Proxy({} as H, {
    get(_target, key) {
      const h = started(key);
      const value: unknown = Reflect.get(h, key, h);
      return typeof value === 'function' ? value.bind(h) : value;
    },
    set(_target, key, value) {
      return Reflect.set(started(key), key, value);
    },
  });
}
