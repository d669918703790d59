import type { ProjectView } from '@jsonable/contracts/projects';
import type { ReadModels } from '../projection';
import { IMAGES } from '../images/images.projection';
import { PROJECTS, type ProjectDoc } from './projects.projection';

export type { ProjectDoc } from './projects.projection';

/** A live project of this user, or null (someone else's project is null too: the API answers 404). */
export async function getOwnProject(readModels: ReadModels, userId: string, projectId: string): Promise<ProjectDoc | null> {
  const doc = await readModels.get<ProjectDoc>(PROJECTS, projectId);
  return doc && doc.isActive && doc.userId === userId ? doc : null;
}

export async function getProjectByEndpoint(readModels: ReadModels, endpointPath: string): Promise<ProjectDoc | null> {
  const [doc] = await readModels.find<ProjectDoc>(PROJECTS, { endpointPath, isActive: true }, { limit: 1 });
  return doc ?? null;
}

export function countActiveProjects(readModels: ReadModels, userId: string): Promise<number> {
  return readModels.count(PROJECTS, { userId, isActive: true });
}

export function countProjectImages(readModels: ReadModels, projectId: string): Promise<number> {
  return readModels.count(IMAGES, { projectId, deleted: false });
}

export function toProjectView(doc: ProjectDoc, imageCount: number): ProjectView {
  return {
    id: doc.id, name: doc.name, description: doc.description, endpointPath: doc.endpointPath,
    apiKeyPrefix: doc.apiKeyPrefix, userId: doc.userId, createdAt: doc.createdAt, updatedAt: doc.updatedAt,
    isActive: doc.isActive, settings: { requireKey: doc.settings.requireKey }, defaultStyles: doc.defaultStyles, imageCount,
  };
}

/** The user's live projects, oldest first (the dashboard auto-selects the first), with image counts. */
export async function listProjects(readModels: ReadModels, userId: string): Promise<ProjectView[]> {
  const docs = await readModels.find<ProjectDoc>(PROJECTS, { userId, isActive: true }, { sort: [['createdAt', 1]] });
  return Promise.all(docs.map(async (doc) => toProjectView(doc, await countProjectImages(readModels, doc.id))));
}

export async function getProjectView(readModels: ReadModels, userId: string, projectId: string): Promise<ProjectView | null> {
  const doc = await getOwnProject(readModels, userId, projectId);
  return doc ? toProjectView(doc, await countProjectImages(readModels, doc.id)) : null;
}
