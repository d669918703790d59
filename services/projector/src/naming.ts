/**
 * Physical names. A projection's logical collection `users` at version 2 lives in `users__v2`;
 * its checkpoint is `users@v2`. A new version therefore never touches the collections the old
 * one serves reads from.
 */
export const REGISTRY_COLLECTION = 'projector_registry';
export const LEASE_COLLECTION = 'projector_lease';

export function physicalCollection(logical: string, version: number): string {
  return `${logical}__v${version}`;
}

export function checkpointName(projection: string, version: number): string {
  return `${projection}@v${version}`;
}
