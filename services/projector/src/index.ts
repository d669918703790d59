export { ProjectionRunner, type ProjectionRunnerOptions } from './runner';
export { ActiveReadModels } from './read-models';
export { RegistryCache, type RegistryDoc, type RegistryEntry } from './registry';
export { createCheckpointWaiter, checkpointsReached, servingCheckpoint } from './wait';
export { ProjectionInstance, type InstanceOptions } from './instance';
export { rebuildInto, type RebuildOptions } from './rebuild';
export { physicalCollection, checkpointName, REGISTRY_COLLECTION, LEASE_COLLECTION } from './naming';
export type { ProjectorLogger } from './logger';
