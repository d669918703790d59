/**
 * Project commands: load → decide → append (handleCommand), plus the endpoint reservation and the
 * plan's project limit (a slot on projectslots-{userId}, see project-slots.ts). Keys are generated here and only their SHA-256 enters an event.
 */
import { planOf } from '@jsonable/contracts/plans';
import { endpointSlug, PROJECT_ENDPOINT_PREFIX } from '@jsonable/contracts/projects';
import { UnavailableError } from '../errors';
import type { Clock, EventStore, Ids } from '../ports';
import { claimUnique } from '../runtime/claim-unique';
import { handleCommand } from '../runtime/handle-command';
import { freeProjectSlot, takeProjectSlot } from './project-slots';
import { projectDecider, type ProjectCommand } from './projects.decider';
import { endpointStream, projectStream, sha256Hex } from './streams';

export interface ProjectDeps {
  eventStore: EventStore;
  ids: Ids;
  clock: Clock;
}

/** Project keys look like `jp_` + 32 url-safe random characters; the prefix is what lists show. */
export const PROJECT_KEY_PREFIX = 'jp_';
export function newProjectKey(ids: Ids): { key: string; keyHash: string; keyPrefix: string } {
  const key = `${PROJECT_KEY_PREFIX}${ids.secret(24)}`;
  return { key, keyHash: sha256Hex(key), keyPrefix: key.slice(0, 10) };
}

/** 48 random bits in hex: the unguessable part of an endpoint path. */
function randomSuffix(ids: Ids): string {
  return ids.uuid().replace(/-/g, '').slice(0, 12);
}

export interface CreateProjectInput {
  userId: string;
  name: string;
  description: string;
  endpointPath?: string | undefined;
  requireKey?: boolean | undefined;
  /** The user's plan tier, and the ids of their active projects as the read model knows them. */
  planTier: string | null | undefined;
  activeProjectIds: readonly string[];
}

export async function createProject(deps: ProjectDeps, input: CreateProjectInput) {
  const plan = planOf(input.planTier);
  const projectId = deps.ids.uuid();
  // The limit is decided here, on the user's slots stream (402 when every slot is held).
  await takeProjectSlot(deps, {
    userId: input.userId,
    projectId,
    activeInReadModel: input.activeProjectIds,
    limit: plan.projects,
    planName: plan.name,
  });
  try {
    return await createWithSlot(deps, input, projectId);
  } catch (error) {
    // Nothing was created: give the slot back (if this fails too, the slot lapses on its own).
    await freeProjectSlot(deps, { userId: input.userId, projectId }).catch(() => undefined);
    throw error;
  }
}

async function createWithSlot(deps: ProjectDeps, input: CreateProjectInput, projectId: string) {
  const slug = endpointSlug(input.endpointPath || input.name) || 'project';

  // The random suffix makes a collision practically impossible; the claim makes it certain.
  let endpointPath: string | null = null;
  for (let attempt = 0; attempt < 5 && endpointPath === null; attempt++) {
    const candidate = `${PROJECT_ENDPOINT_PREFIX}${slug}-${randomSuffix(deps.ids)}`;
    const won = await claimUnique(deps.eventStore, endpointStream(candidate), {
      id: deps.ids.uuid(),
      type: 'EndpointClaimed',
      data: { endpointPath: candidate, projectId },
    });
    if (won) endpointPath = candidate;
  }
  if (endpointPath === null) throw new UnavailableError('Could not reserve an endpoint path; please try again');

  const { key, keyHash, keyPrefix } = newProjectKey(deps.ids);
  const createdAt = deps.clock.now().toISOString();
  const commands: ProjectCommand[] = [
    {
      type: 'CreateProject',
      data: {
        projectId,
        userId: input.userId,
        name: input.name,
        description: input.description,
        endpointPath,
        keyHash,
        keyPrefix,
        createdAt,
      },
    },
  ];
  if (input.requireKey)
    commands.push({ type: 'ChangeProjectSettings', data: { projectId, userId: input.userId, requireKey: true } });
  let position = 0;
  for (const command of commands) position = (await run(deps, projectId, command)).position;
  return { projectId, apiKey: key, keyPrefix, endpointPath, createdAt, position };
}

function run(deps: ProjectDeps, projectId: string, command: ProjectCommand) {
  return handleCommand({
    eventStore: deps.eventStore,
    stream: projectStream(projectId),
    decider: projectDecider,
    command,
    ids: deps.ids,
  });
}

export async function updateProject(
  deps: ProjectDeps,
  input: {
    projectId: string;
    userId: string;
    name?: string | undefined;
    description?: string | undefined;
    requireKey?: boolean | undefined;
  },
) {
  const { projectId, userId } = input;
  let result = await run(deps, projectId, {
    type: 'RenameProject',
    data: {
      projectId,
      userId,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
    },
  });
  if (input.requireKey !== undefined) {
    result = await run(deps, projectId, {
      type: 'ChangeProjectSettings',
      data: { projectId, userId, requireKey: input.requireKey },
    });
  }
  return { position: result.position };
}

/** The old key stops working as soon as the key index has seen the event (the route waits for it). */
export async function regenerateProjectKey(deps: ProjectDeps, input: { projectId: string; userId: string }) {
  const { key, keyHash, keyPrefix } = newProjectKey(deps.ids);
  const result = await run(deps, input.projectId, {
    type: 'RegenerateProjectKey',
    data: { ...input, keyHash, keyPrefix },
  });
  return { apiKey: key, keyPrefix, position: result.position };
}

export async function saveProjectStyles(
  deps: ProjectDeps,
  input: { projectId: string; userId: string; styles: Record<string, unknown> },
) {
  const result = await run(deps, input.projectId, { type: 'SaveProjectStyles', data: input });
  return { position: result.position };
}

export async function deleteProject(deps: ProjectDeps, input: { projectId: string; userId: string }) {
  const result = await run(deps, input.projectId, { type: 'DeleteProject', data: input });
  // After the deletion only: a refused delete (someone else's project) must not free a slot.
  await freeProjectSlot(deps, input);
  return { position: result.position };
}
