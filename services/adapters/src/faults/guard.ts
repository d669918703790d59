/**
 * Makes an adapter class translate its driver's errors at its port boundary: each named method of
 * the prototype is wrapped so that whatever it throws (or its promise rejects with, or its async
 * iterator fails with) goes through `translate` first. Errors the translation does not know
 * (programming errors, ConcurrencyError, FencedWriteError…) pass through unchanged.
 *
 * One wrapper per class instead of a try/catch in every method: the adapters keep their code as
 * it is, and a method added later only needs its name here.
 */
import { isFault, type DependencyFault } from '@jsonable/domain/faults';

export type Translate = (error: unknown) => DependencyFault | null;

export function translated(error: unknown, translate: Translate): unknown {
  if (isFault(error)) return error;
  return translate(error) ?? error;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    !!value &&
    typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function' &&
    typeof (value as Promise<unknown>).then !== 'function'
  );
}

async function* translatingIterable<T>(source: AsyncIterable<T>, translate: Translate): AsyncGenerator<T> {
  try {
    yield* source;
  } catch (error) {
    throw translated(error, translate);
  }
}

/** Wraps one function's result: sync throws, rejected promises and failing async iterables. */
export function guardCall<A extends unknown[], R>(fn: (...args: A) => R, translate: Translate): (...args: A) => R {
  return function (this: unknown, ...args: A): R {
    let result: R;
    try {
      result = fn.apply(this, args);
    } catch (error) {
      throw translated(error, translate);
    }
    if (result instanceof Promise)
      return result.catch((error: unknown) => Promise.reject(translated(error, translate))) as R;
    if (isAsyncIterable(result)) return translatingIterable(result, translate) as R;
    return result;
  };
}

export function guardMethods<T extends object>(
  prototype: T,
  methods: ReadonlyArray<keyof T & string>,
  translate: Translate,
): void {
  for (const name of methods) {
    const original = prototype[name];
    if (typeof original !== 'function') throw new Error(`guardMethods: ${name} is not a method`);
    Object.defineProperty(prototype, name, {
      value: guardCall(original as (...args: unknown[]) => unknown, translate),
      writable: true,
      configurable: true,
    });
  }
}

/** A subscription's onError told the translated fault (the projector then reports its kind). */
export function translatingOnError<O extends { onError?: (error: unknown) => void }>(
  options: O,
  translate: Translate,
): O {
  const onError = options.onError;
  if (!onError) return options;
  return { ...options, onError: (error: unknown) => onError(translated(error, translate)) };
}
