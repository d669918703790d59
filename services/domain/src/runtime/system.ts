import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock, Ids } from '../ports';

/** The real clock, injected at the composition root (tests pass a fixed one). */
export const systemClock: Clock = { now: () => new Date() };

/** Cryptographically random ids and secrets. */
export const randomIds: Ids = {
  uuid: () => randomUUID(),
  secret: (bytes = 32) => randomBytes(bytes).toString('base64url'),
};
