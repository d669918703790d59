/**
 * api_keys: user API keys by SHA-256 hash → `{ id: keyHash, kind: 'user', userId }`. Project keys
 * live in the projects context's own `project_keys` collection; the API-key middleware looks in
 * both. A replaced key stays as a tombstone (`revoked: true`) so a redelivered issue cannot revive it.
 */
import { alreadyApplied, defineProjection, type Positioned } from '../projection';

export const API_KEYS = 'api_keys';

export interface ApiKeyDoc extends Positioned {
  /** SHA-256 hex of the key. */
  id: string;
  kind: 'user';
  userId: string;
  prefix: string;
  revoked: boolean;
}

export const apiKeysProjection = defineProjection({
  name: 'api_keys',
  version: 1,
  collections: [{ name: API_KEYS, indexes: ['userId'] }],
  handles: ['UserApiKeyIssued'],
  async handle(event, tx) {
    const d = event.data;
    const current = await tx.get<ApiKeyDoc>(API_KEYS, d.keyHash);
    if (alreadyApplied(current, event.position)) return;
    if (d.previousKeyHash) {
      const previous = await tx.get<ApiKeyDoc>(API_KEYS, d.previousKeyHash);
      if (previous && !alreadyApplied(previous, event.position)) {
        tx.put(API_KEYS, { ...previous, revoked: true, position: event.position });
      }
    }
    tx.put(API_KEYS, {
      id: d.keyHash,
      kind: 'user',
      userId: d.userId,
      prefix: d.keyPrefix,
      revoked: false,
      position: event.position,
    });
  },
});
