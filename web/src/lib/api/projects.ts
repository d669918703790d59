/**
 * The signed-in user's projects (SPEC §7): list, create, rename, delete, regenerate the key, and
 * the default styles the styles page edits. Every mutation refetches the lists it touches
 * (SPEC §4 "Lists are refetched after mutations"); the server answers only once its read models
 * show the change, so the refetch sees it.
 */
import useSWR, { mutate } from 'swr';
import {
  createdProjectSchema,
  deleteProjectResponseSchema,
  projectListSchema,
  regenerateKeyResponseSchema,
  saveStylesResponseSchema,
  type ProjectView,
} from '@jsonable/contracts/projects';
import { api, apiAllPages, LIST_PAGE_MAX } from '../api-client';
import { imageListsChanged } from './image-list-events';
import { ACCOUNT_KEY, STATISTICS_KEY } from './keys';

export const PROJECTS_KEY = '/api/jsonable/projects';
export const PROJECT_STYLES_KEY = '/api/projects';

export type Project = ProjectView & { /** Only in the answer that created the project. */ apiKey?: string };

/** Every project (the list is paged; a plan allows at most a few hundred, so all pages are read). */
export function fetchProjects(path: string): Promise<Project[]> {
  return apiAllPages(`${path}?limit=${LIST_PAGE_MAX}`, projectListSchema);
}

export function useProjects() {
  const { data, error, isLoading } = useSWR<Project[]>(PROJECTS_KEY, fetchProjects);
  return { projects: data ?? [], error: error as unknown, isLoading, loaded: data !== undefined };
}

/** Projects with their saved default styles (GET /api/projects). */
export function useProjectsWithStyles() {
  const { data, error, isLoading } = useSWR<Project[]>(PROJECT_STYLES_KEY, fetchProjects);
  return { projects: data ?? [], error: error as unknown, isLoading, loaded: data !== undefined };
}

export async function refreshProjectLists(): Promise<void> {
  await Promise.all([mutate(PROJECTS_KEY), mutate(PROJECT_STYLES_KEY)]);
}

export interface NewProject {
  name: string;
  description: string;
  endpointPath: string;
}
export interface ProjectUpdate {
  name: string;
  description: string;
}

export async function createProject(input: NewProject): Promise<Project> {
  const project = await api.post('/api/jsonable/projects', input, createdProjectSchema);
  await Promise.all([refreshProjectLists(), mutate(ACCOUNT_KEY)]);
  return project;
}

export async function renameProject(projectId: string, input: ProjectUpdate): Promise<void> {
  // The answer's shape is not part of the contract (SPEC §7); the refetch below is what counts.
  await api.patch(`/api/jsonable/projects/${encodeURIComponent(projectId)}`, input);
  await refreshProjectLists();
}

/** Whether the project endpoint refuses calls without this project's key (X-API-KEY). */
export async function setRequireKey(projectId: string, requireKey: boolean): Promise<void> {
  await api.patch(`/api/jsonable/projects/${encodeURIComponent(projectId)}`, { settings: { requireKey } });
  await refreshProjectLists();
}

export async function deleteProject(projectId: string): Promise<void> {
  await api.delete(`/api/jsonable/projects/${encodeURIComponent(projectId)}`, deleteProjectResponseSchema);
  // The project's images are kept but detached, so the image list changes too.
  await Promise.all([refreshProjectLists(), imageListsChanged(), mutate(STATISTICS_KEY), mutate(ACCOUNT_KEY)]);
}

/** Issues a new key; the old one stops working at once. The full key is in this answer only. */
export async function regenerateProjectKey(projectId: string): Promise<string> {
  const { fullApiKey } = await api.post(
    `/api/projects/${encodeURIComponent(projectId)}/regenerate-key`,
    {},
    regenerateKeyResponseSchema,
  );
  await refreshProjectLists();
  return fullApiKey;
}

export async function saveProjectStyles(projectId: string, styles: Record<string, unknown>): Promise<void> {
  await api.patch(`/api/projects/${encodeURIComponent(projectId)}/styles`, styles, saveStylesResponseSchema);
  await refreshProjectLists();
}
