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
  };
};

export interface UsageState {
  count: number;
  /** Renders by Idempotency-Key. Replaced (not mutated) only when an event carries a key. */
  byKey: ReadonlyMap<string, RenderedImage>;
}

export const initialState = (): UsageState => ({ count: 0, byKey: new Map() });

export function evolve(state: UsageState, event: UsageEvent): UsageState {
  switch (event.type) {
    case 'TableRendered': {
      const key = event.data.idempotencyKey;
      if (key === null) return { count: state.count + 1, byKey: state.byKey };
      const byKey = new Map(state.byKey);
      byKey.set(key, event.data);
      return { count: state.count + 1, byKey };
    }
    default: return assertNever(event.type);
  }
}

/**
 * What an earlier render with the same Idempotency-Key means for this one: the same body gives
 * back that image; another body is a conflict.
 */
export function priorRender(state: UsageState, key: string | null, requestHash: string): RenderedImage | null {
  if (key === null) return null;
  const prior = state.byKey.get(key);
  if (!prior) return null;
  if (prior.requestHash !== requestHash) throw new ConflictError(renderMessages.idempotencyConflict);
  return prior;
}

export function assertWithinAllowance(state: UsageState, allowance: number | null, planName: string): void {
  if (allowance !== null && state.count >= allowance) {
    throw new PaymentRequiredError(renderMessages.quotaExceeded(planName, allowance));
  }
}

export function decide(command: UsageCommand, state: UsageState): UsageEvent[] {
  switch (command.type) {
    case 'RecordRender': {
      const { image, allowance, planName } = command.data;
      if (priorRender(state, image.idempotencyKey, image.requestHash)) return [];
      assertWithinAllowance(state, allowance, planName);
      return [{ type: 'TableRendered', data: image }];
    }
    default: return assertNever(command.type);
  }
}

export const usageDecider: Decider<UsageState, UsageCommand, UsageEvent> = { initialState, evolve, decide };
