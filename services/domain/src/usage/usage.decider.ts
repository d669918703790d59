/**
 * The usage period of one user: each counted render is one TableRendered on
 * `usage-{userId}-{period}`. Appending with the exact expected revision makes "count < allowance"
 * and "record the render" one atomic step, so N racing renders at the limit let exactly the
 * allowance through. Idempotency keys are remembered here too: the stream that counts a render
 * is the one that knows whether it was already counted.
 */
import type { TableRendered, TableReservationReleased, TableReserved } from '@jsonable/contracts/events';
import { renderMessages } from '@jsonable/contracts/render-api';
import { assertNever, ConflictError, PaymentRequiredError } from '../errors';
import type { Decider } from '../runtime/decider';

export type UsageEvent = TableRendered | TableReserved | TableReservationReleased;
export type RenderedImage = TableRendered['data'];

/** How long a held table stays held when neither its render nor its release comes (a crash). */
export const TABLE_RESERVATION_MS = 2 * 60 * 1000;

export type UsageCommand =
  | {
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
        /** When the decision is made (held tables expire); the render's time when not given. */
        now?: string;
      };
    }
  | {
      /**
       * Holds one table for `imageId`, and one for each of `pages` (a split living-image version's
       * other images): all or none, 402 when fewer are left (held ones included).
       */
      type: 'ReserveTable';
      data: {
        imageId: string;
        userId: string;
        period: number;
        allowance: number | null;
        planName: string;
        now: string;
        pages?: string[];
      };
    }
  | {
      type: 'ReleaseTable';
      data: { imageId: string; userId: string; period: number; now: string; pages?: string[] };
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
  /** Held tables not yet used or released: imageId → when the hold expires (ISO). */
  reserved: ReadonlyMap<string, string>;
}

const NO_RESERVATIONS: ReadonlyMap<string, string> = new Map();

export const initialState = (): UsageState => ({ count: 0, keys: KeyIndex.empty(), reserved: NO_RESERVATIONS });

function without(reserved: ReadonlyMap<string, string>, imageId: string): ReadonlyMap<string, string> {
  if (!reserved.has(imageId)) return reserved;
  const next = new Map(reserved);
  next.delete(imageId);
  return next;
}

/**
 * Where the index keeps image `page` (2 or more) of a split answered by `key`: the first image
 * stays under the key itself. A NUL never occurs in a key (printable ASCII only).
 */
const pageKey = (key: string, page: number): string => `${key}\u0000${page}`;

export function evolve(state: UsageState, event: UsageEvent): UsageState {
  switch (event.type) {
    case 'TableRendered': {
      const key = event.data.idempotencyKey;
      const reserved = without(state.reserved, event.data.imageId);
      if (key === null) return { count: state.count + 1, keys: state.keys, reserved };
      const page = event.data.split?.page ?? 1;
      const at = page > 1 ? pageKey(key, page) : key;
      return { count: state.count + 1, keys: state.keys.index.with(state.keys.length, at, event.data), reserved };
    }
    case 'TableReserved':
      return { ...state, reserved: new Map(state.reserved).set(event.data.imageId, event.data.expiresAt) };
    case 'TableReservationReleased':
      return { ...state, reserved: without(state.reserved, event.data.imageId) };
    default:
      return assertNever(event);
  }
}

/** Tables held at `now` (not expired), which count against the allowance like rendered ones. */
export function heldTables(state: UsageState, now: string): number {
  let held = 0;
  for (const expiresAt of state.reserved.values()) if (expiresAt > now) held++;
  return held;
}

/** Tables of the period still free at `now` (null: unlimited). */
export function tablesLeft(state: UsageState, allowance: number | null, now: string): number | null {
  return allowance === null ? null : allowance - state.count - heldTables(state, now);
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

export function assertWithinAllowance(
  state: UsageState,
  allowance: number | null,
  planName: string,
  now: string,
): void {
  const left = tablesLeft(state, allowance, now);
  if (allowance !== null && left !== null && left <= 0) {
    throw new PaymentRequiredError(renderMessages.quotaExceeded(planName, allowance));
  }
}

export function decide(command: UsageCommand, state: UsageState): UsageEvent[] {
  switch (command.type) {
    case 'RecordRender': {
      const { image, allowance, planName, pages = [] } = command.data;
      if (priorRender(state, image.idempotencyKey, image.requestHash)) return [];
      const images = [image, ...pages];
      // Held tables were taken when the quota was decided (ReserveTable): they are this render's,
      // even if they expired meanwhile, so a version recorded elsewhere is never left uncounted.
      if (images.every((i) => state.reserved.has(i.imageId)))
        return images.map((data) => ({ type: 'TableRendered' as const, data }));
      const now = command.data.now ?? image.renderedAt;
      assertWithinAllowance(state, allowance, planName, now);
      const left = tablesLeft(state, allowance, now);
      if (left !== null && images.length > left) {
        throw new PaymentRequiredError(renderMessages.splitOverQuota(images.length, left));
      }
      return images.map((data) => ({ type: 'TableRendered' as const, data }));
    }
    case 'ReserveTable': {
      const { imageId, userId, period, allowance, planName, now, pages = [] } = command.data;
      if (state.reserved.has(imageId)) return [];
      assertWithinAllowance(state, allowance, planName, now);
      const ids = [imageId, ...pages];
      const left = tablesLeft(state, allowance, now);
      if (left !== null && ids.length > left)
        throw new PaymentRequiredError(renderMessages.splitOverQuota(ids.length, left));
      const expiresAt = new Date(Date.parse(now) + TABLE_RESERVATION_MS).toISOString();
      return ids.map((id) => ({
        type: 'TableReserved' as const,
        data: { imageId: id, userId, period, reservedAt: now, expiresAt },
      }));
    }
    case 'ReleaseTable': {
      const { imageId, userId, period, now, pages = [] } = command.data;
      return [imageId, ...pages]
        .filter((id) => state.reserved.has(id))
        .map((id) => ({
          type: 'TableReservationReleased' as const,
          data: { imageId: id, userId, period, releasedAt: now },
        }));
    }
    default:
      return assertNever(command);
  }
}

export const usageDecider: Decider<UsageState, UsageCommand, UsageEvent> = { initialState, evolve, decide };
