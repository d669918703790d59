/**
 * projects: one document per live project (SPEC §3 field names), and project_keys: the key
 * index the API-key middleware reads (`{ id: sha256(key), projectId, userId }`). A replaced or
 * deleted project's key stays as a tombstone (`revoked: true`) so a redelivered event cannot
 * revive it; a deleted project keeps a document with `isActive: false` for the same reason.
 */
import type { ProjectsEvent } from '@jsonable/contracts/events';
import type { Doc } from '../ports';
import { alreadyApplied, defineProjection, type ProjectionTx } from '../projection';

export const PROJECTS = 'projects';
export const PROJECT_KEYS = 'project_keys';

export interface ProjectDoc extends Doc {
  id: string;
  userId: string;
  name: string;
  description: string;
  endpointPath: string;
  apiKeyPrefix: string;
  keyHash: string;
  isActive: boolean;
  settings: { requireKey: boolean };
  defaultStyles: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  position: number;
}

export interface ProjectKeyDoc extends Doc {
  id: string;
  projectId: string;
  userId: string;
  prefix: string;
  revoked: boolean;
  position: number;
}

const handled = [
  'ProjectCreated',
  'ProjectRenamed',
  'ProjectKeyRegenerated',
  'ProjectStylesSaved',
  'ProjectSettingsChanged',
  'ProjectDeleted',
] as const satisfies readonly ProjectsEvent['type'][];

function revokeKey(tx: ProjectionTx, key: ProjectKeyDoc | null, position: number): void {
  if (key && !alreadyApplied(key, position)) tx.put(PROJECT_KEYS, { ...key, revoked: true, position });
}

export const projectsProjection = defineProjection({
  name: 'projects',
  version: 1,
  collections: [
    // No index on the two-valued `isActive`: SQLite (no statistics) would use it for
    // `{ endpointPath, isActive: true }` instead of the endpoint's own index.
    { name: PROJECTS, indexes: ['userId', 'endpointPath', 'createdAt'] },
    { name: PROJECT_KEYS, indexes: ['projectId'] },
  ],
  handles: handled,
  async handle(event, tx) {
    const at = event.createdAt;
    const position = event.position;
    const doc = await tx.get<ProjectDoc>(PROJECTS, event.data.projectId);
    if (alreadyApplied(doc, position)) return;

    if (event.type === 'ProjectCreated') {
      if (doc) return;
      const d = event.data;
      tx.put(PROJECTS, {
        id: d.projectId,
        userId: d.userId,
        name: d.name,
        description: d.description,
        endpointPath: d.endpointPath,
        apiKeyPrefix: d.keyPrefix,
        keyHash: d.keyHash,
        isActive: true,
        settings: { requireKey: false },
        defaultStyles: {},
        createdAt: d.createdAt,
        updatedAt: d.createdAt,
        position,
      } satisfies ProjectDoc);
      tx.put(PROJECT_KEYS, {
        id: d.keyHash,
        projectId: d.projectId,
        userId: d.userId,
        prefix: d.keyPrefix,
        revoked: false,
        position,
      } satisfies ProjectKeyDoc);
      return;
    }
    if (!doc) return;
    const next = (changes: Partial<ProjectDoc>) => tx.put(PROJECTS, { ...doc, ...changes, updatedAt: at, position });
    switch (event.type) {
      case 'ProjectRenamed':
        return next({ name: event.data.name, description: event.data.description });
      case 'ProjectStylesSaved':
        return next({ defaultStyles: event.data.styles });
      case 'ProjectSettingsChanged':
        return next({ settings: { requireKey: event.data.settings.requireKey } });
      case 'ProjectKeyRegenerated': {
        const d = event.data;
        revokeKey(tx, await tx.get<ProjectKeyDoc>(PROJECT_KEYS, d.previousKeyHash), position);
        tx.put(PROJECT_KEYS, {
          id: d.keyHash,
          projectId: d.projectId,
          userId: doc.userId,
          prefix: d.keyPrefix,
          revoked: false,
          position,
        } satisfies ProjectKeyDoc);
        return next({ apiKeyPrefix: d.keyPrefix, keyHash: d.keyHash });
      }
      case 'ProjectDeleted':
        revokeKey(tx, await tx.get<ProjectKeyDoc>(PROJECT_KEYS, doc.keyHash), position);
        return next({ isActive: false });
    }
  },
});
