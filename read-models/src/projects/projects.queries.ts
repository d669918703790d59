import type { ProjectView } from '@jsonable/contracts/projects';
import { findPage, type KeysetOrder, type KeysetPosition, type PageRequest } from '../paging';
import type { ReadModels } from '../projection';
import { IMAGES } from '../images/images.projection';
import { PROJECTS, type ProjectDoc } from './projects.projection';

export type { ProjectDoc } from './projects.projection';

/** A live project of this user, or null (someone else's project is null too: the API answers 404). */
export async function getOwnProject(
  readModels: ReadModels,
  userId: string,
  projectId: string,
): Promise<ProjectDoc | null> {
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

/** The project's live images (counted from the owner's list index alone). */
export function countProjectImages(readModels: ReadModels, userId: string, projectId: string): Promise<number> {
  return readModels.count(IMAGES, { listUserId: userId, projectId });
}

export function toProjectView(doc: ProjectDoc, imageCount: number): ProjectView {
  return {
    id: doc.id,
    name: doc.name,
    description: doc.description,
    endpointPath: doc.endpointPath,
    apiKeyPrefix: doc.apiKeyPrefix,
    userId: doc.userId,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    isActive: doc.isActive,
    settings: { requireKey: doc.settings.requireKey },
    defaultStyles: doc.defaultStyles,
    imageCount,
  };
}

/** Oldest first (the dashboard auto-selects the first). */
const OLDEST_FIRST: KeysetOrder<ProjectDoc> = [
  ['createdAt', 1],
  ['id', 1],
];

/** A page of the user's live projects, oldest first, with image counts; after `page.after` when given. */
export async function pageProjects(
  readModels: ReadModels,
  userId: string,
  page: PageRequest,
): Promise<{ projects: ProjectView[]; next: KeysetPosition | null }> {
  const { docs, next } = await findPage(readModels, PROJECTS, { userId, isActive: true }, OLDEST_FIRST, page);
  const projects = await Promise.all(
    docs.map(async (doc) => toProjectView(doc, await countProjectImages(readModels, userId, doc.id))),
  );
  return { projects, next };
}

export async function getProjectView(
  readModels: ReadModels,
  userId: string,
  projectId: string,
): Promise<ProjectView | null> {
  const doc = await getOwnProject(readModels, userId, projectId);
  return doc ? toProjectView(doc, await countProjectImages(readModels, userId, doc.id)) : null;
}
