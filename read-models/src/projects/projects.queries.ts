import type { ProjectView } from '@jsonable/contracts/projects';
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

/** A keyset position in the projects list: the (createdAt, id) of the last project of a page. */
export type ProjectPosition = [createdAt: string, id: string];

/**
 * A page of the user's live projects, oldest first (the dashboard auto-selects the first), with
 * image counts; after `after` when given.
 */
export async function pageProjects(
  readModels: ReadModels,
  userId: string,
  page: { limit: number; after?: ProjectPosition },
): Promise<{ projects: ProjectView[]; next: ProjectPosition | null }> {
  const found = await readModels.find<ProjectDoc>(
    PROJECTS,
    { userId, isActive: true },
    {
      sort: [
        ['createdAt', 1],
        ['id', 1],
      ],
      limit: page.limit + 1,
      ...(page.after ? { after: page.after } : {}),
    },
  );
  const docs = found.slice(0, page.limit);
  const last = docs[docs.length - 1];
  const projects = await Promise.all(
    docs.map(async (doc) => toProjectView(doc, await countProjectImages(readModels, userId, doc.id))),
  );
  return { projects, next: found.length > page.limit && last ? [last.createdAt, last.id] : null };
}

export async function getProjectView(
  readModels: ReadModels,
  userId: string,
  projectId: string,
): Promise<ProjectView | null> {
  const doc = await getOwnProject(readModels, userId, projectId);
  return doc ? toProjectView(doc, await countProjectImages(readModels, userId, doc.id)) : null;
}
