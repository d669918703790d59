/**
 * The usage period of one user: each counted render is one TableRendered on
 * `usage-{userId}-{period}`. Appending with the exact expected revision makes "count < allowance"
 * and "record the render" one atomic step, so N racing renders at the limit let exactly the
 * allowance through. Idempotency keys are remembered here too: the stream that counts a render
 * is the one that knows whether it was already counted.
 */
import type { TableRendered } from '@jsonable/contracts/events';
import { renderMessages } from '@jsonable/contracts/render-api';
import { assertNever, ConflictError, PaymentRequiredError } from '../errors';
import type { Decider } from '../runtime/decider';

export type UsageEvent = TableRendered;
export type RenderedImage = TableRendered['data'];

export type UsageCommand = {
  type: 'RecordRender';
  data: {
    image: RenderedImage;
    /** The plan's tables per period (null = unlimited) and its display name for the message. */
    allowance: number | null;
    planName: string;
    /**
     * The other images of one split (options.split, issue #25), in order after `image`: all are
     * counted or none (402 when the allowance has fewer left).
     */
    pages?: RenderedImage[];
  };
};

/**
 * Renders by Idempotency-Key, append-only and shared between the states of one fold: a state
 * sees the entries before its own `length`. Extending the newest state appends in place (O(1));
 * extending an older one copies its prefix first, so every state keeps seeing exactly its own
 * history — evolve stays pure without copying the whole index on every keyed render.
 */
class KeyIndex {
  private readonly entries = new Map<string, { seq: number; image: RenderedImage }>();
  private size = 0;

  static empty(): { index: KeyIndex; length: number } {
    return { index: new KeyIndex(), length: 0 };
  }

  get(key: string, length: number): RenderedImage | undefined {
    const entry = this.entries.get(key);
    return entry && entry.seq < length ? entry.image : undefined;
  }

  with(length: number, key: string, image: RenderedImage): { index: KeyIndex; length: number } {
    let index: KeyIndex = this;
    if (this.size !== length) {
      index = new KeyIndex();
      for (const [k, e] of this.entries) if (e.seq < length) index.entries.set(k, e);
      index.size = length;
    }
    index.entries.set(key, { seq: index.size, image });
    index.size++;
    return { index, length: index.size };
  }
}

export interface UsageState {
  count: number;
  keys: { index: KeyIndex; length: number };
}

export const initialState = (): UsageState => ({ count: 0, keys: KeyIndex.empty() });

/**
 * Where the index keeps image `page` (2 or more) of a split answered by `key`: the first image
 * stays under the key itself. A NUL never occurs in a key (printable ASCII only).
 */
const pageKey = (key: string, page: number): string => `${key}\u0000${page}`;

export function evolve(state: UsageState, event: UsageEvent): UsageState {
  switch (event.type) {
    case 'TableRendered': {
      const key = event.data.idempotencyKey;
      if (key === null) return { count: state.count + 1, keys: state.keys };
      const page = event.data.split?.page ?? 1;
      const at = page > 1 ? pageKey(key, page) : key;
      return { count: state.count + 1, keys: state.keys.index.with(state.keys.length, at, event.data) };
    }
    default:
      return assertNever(event.type);
  }
}

/**
 * What an earlier render with the same Idempotency-Key means for this one: the same body gives
 * back that image; another body is a conflict.
 */
export function priorRender(state: UsageState, key: string | null, requestHash: string): RenderedImage | null {
  if (key === null) return null;
  const prior = state.keys.index.get(key, state.keys.length);
  if (!prior) return null;
  if (prior.requestHash !== requestHash) throw new ConflictError(renderMessages.idempotencyConflict);
  return prior;
}

/**
 * Every image an earlier request with this key made, in order (a split's pages; one image
 * otherwise), or null; another body is a conflict. A split recorded before its later images
 * carried the key answers its first image only.
 */
export function priorImages(state: UsageState, key: string | null, requestHash: string): RenderedImage[] | null {
  const first = priorRender(state, key, requestHash);
  if (first === null || key === null) return null;
  const images = [first];
  for (let page = 2; page <= (first.split?.pages ?? 1); page++) {
    const image = state.keys.index.get(pageKey(key, page), state.keys.length);
    if (image) images.push(image);
  }
  return images;
}

export function assertWithinAllowance(state: UsageState, allowance: number | null, planName: string): void {
  if (allowance !== null && state.count >= allowance) {
    throw new PaymentRequiredError(renderMessages.quotaExceeded(planName, allowance));
  }
}

export function decide(command: UsageCommand, state: UsageState): UsageEvent[] {
  switch (command.type) {
    case 'RecordRender': {
      const { image, allowance, planName, pages = [] } = command.data;
      if (priorRender(state, image.idempotencyKey, image.requestHash)) return [];
      assertWithinAllowance(state, allowance, planName);
      const images = [image, ...pages];
      if (allowance !== null && state.count + images.length > allowance) {
        throw new PaymentRequiredError(renderMessages.splitOverQuota(images.length, allowance - state.count));
      }
      return images.map((data) => ({ type: 'TableRendered' as const, data }));
    }
    default:
      return assertNever(command.type);
  }
}

export const usageDecider: Decider<UsageState, UsageCommand, UsageEvent> = { initialState, evolve, decide };
