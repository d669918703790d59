/**
 * Fault injection for the port contract tests: `faulty(driver, armed)` is the driver (a database
 * connection, a client, the fs module …) seen through a proxy that, while `armed()` returns an
 * error, throws that error from every call — and from every call on what those calls return
 * (prepared statements, collections, file handles, resolved promises). The tests arm it with the
 * driver's REAL error shapes (better-sqlite3's SqliteError with SQLITE_FULL, an fs error with
 * code ENOSPC, MongoServerError 14031, EventStoreDB's UnavailableError …), so the adapter's
 * translation is tested against what the driver really throws, and disarming it shows the same
 * adapter instance recovering without a restart.
 *
 * Methods run on the real objects (native objects check their receiver), only their results are
 * proxied again.
 */
export type Armed = () => unknown;

export function faulty<T extends object>(driver: T, armed: Armed): T {
  const proxies = new WeakMap<object, object>();

  const wrap = (value: unknown): unknown => {
    if (value instanceof Promise) return value.then(wrap);
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
    // Byte buffers and streams pass through: nothing in them is a driver call worth failing.
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value;
    if (typeof value === 'function') return functionOf(value as (...args: unknown[]) => unknown);
    return proxyOf(value as object);
  };

  /**
   * A function the driver handed out (better-sqlite3's transaction functions, with their
   * .immediate/.deferred variants as own read-only properties, which a Proxy may not replace).
   */
  const functionOf = (fn: (...args: unknown[]) => unknown): unknown => {
    const known = proxies.get(fn);
    if (known) return known;
    const wrapper = function (this: unknown, ...args: unknown[]) {
      return call(fn, this, args);
    };
    for (const key of Object.getOwnPropertyNames(fn)) {
      if (key === 'length' || key === 'name' || key === 'prototype' || key === 'arguments' || key === 'caller')
        continue;
      Object.defineProperty(wrapper, key, { get: () => wrap((fn as unknown as Record<string, unknown>)[key]) });
    }
    proxies.set(fn, wrapper);
    return wrapper;
  };

  const call = (fn: (...args: unknown[]) => unknown, self: unknown, args: unknown[]): unknown => {
    const error = armed();
    if (error) throw error;
    return wrap(Reflect.apply(fn, self, args));
  };

  function proxyOf<O extends object>(target: O): O {
    const known = proxies.get(target);
    if (known) return known as O;
    const proxy = new Proxy(target, {
      get(t, property) {
        const value = Reflect.get(t, property, t) as unknown;
        if (typeof value === 'function') {
          // Classes (e.g. Database.SqliteError) and well-known symbols stay as they are.
          if (typeof property === 'symbol' || /^[A-Z]/.test(property)) return value;
          return (...args: unknown[]) => call(value as (...a: unknown[]) => unknown, t, args);
        }
        return value;
      },
      apply(t, self, args) {
        return call(t as unknown as (...a: unknown[]) => unknown, self, args);
      },
    });
    proxies.set(target, proxy);
    return proxy;
  }

  return proxyOf(driver);
}

/** A switch for `faulty`: arm(error) makes every driver call throw it, disarm() stops that. */
export function faultSwitch(): { armed: Armed; arm(error: unknown): void; disarm(): void } {
  let current: unknown = null;
  return {
    armed: () => current,
    arm(error) {
      current = error;
    },
    disarm() {
      current = null;
    },
  };
}

/** What Node's fs throws for a failed system call (ENOSPC, EDQUOT, EIO, EMFILE …). */
export function errnoError(code: string, syscall = 'write', message = code): NodeJS.ErrnoException {
  const errnos: Record<string, number> = { ENOSPC: -28, EDQUOT: -122, EIO: -5, EMFILE: -24, EBUSY: -16, EROFS: -30 };
  return Object.assign(new Error(`${code}: ${message}, ${syscall}`), { errno: errnos[code] ?? -1, code, syscall });
}
