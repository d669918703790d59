import type { Doc } from '../ports';
import type { ReadModels } from '../projection';
import { API_KEYS, type ApiKeyDoc } from './api-keys.projection';

/**
 * Project keys are indexed by the projects context in this collection, with documents
 * `{ id: keyHash, projectId, userId }` (and `revoked: true` or no document once replaced).
 */
export const PROJECT_KEYS = 'project_keys';

export interface ProjectKeyDoc extends Doc {
  id: string;
  projectId: string;
  userId: string;
  revoked?: boolean;
}

export type ResolvedKey = { kind: 'user'; userId: string } | { kind: 'project'; userId: string; projectId: string };

/** Resolves a key's SHA-256 hash to its owner: a user key first, then a project key. */
export async function findKeyByHash(readModels: ReadModels, keyHash: string): Promise<ResolvedKey | null> {
  const user = await readModels.get<ApiKeyDoc>(API_KEYS, keyHash);
  if (user && !user.revoked) return { kind: 'user', userId: user.userId };
  const project = await findProjectKey(readModels, keyHash);
  if (project && project.revoked !== true)
    return { kind: 'project', userId: project.userId, projectId: project.projectId };
  return null;
}

async function findProjectKey(readModels: ReadModels, keyHash: string): Promise<ProjectKeyDoc | null> {
  try {
    return await readModels.get<ProjectKeyDoc>(PROJECT_KEYS, keyHash);
  } catch (error) {
    // Until the projects context registers its projection the collection does not exist.
    if (error instanceof Error && /^Unknown read model collection/.test(error.message)) return null;
    throw error;
  }
}
