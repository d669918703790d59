/**
 * A project: its name, key (hash only), endpoint, default styles and settings. Decided on the
 * `project-{id}` stream; the endpoint's uniqueness is claimed on `endpoint-{hash}` by the handler.
 */
import type {
  ProjectCreated,
  ProjectDeleted,
  ProjectKeyRegenerated,
  ProjectRenamed,
  ProjectSettingsChanged,
  ProjectStylesSaved,
} from '@jsonable/contracts/events';
import { projectMessages } from '@jsonable/contracts/projects';
import { assertNever, ConflictError, NotFoundError } from '../errors';
import type { Decider } from '../runtime/decider';

export type ProjectEvent =
  | ProjectCreated
  | ProjectRenamed
  | ProjectKeyRegenerated
  | ProjectStylesSaved
  | ProjectSettingsChanged
  | ProjectDeleted;

export type ProjectCommand =
  | { type: 'CreateProject'; data: ProjectCreated['data']; metadata?: Record<string, unknown> }
  | { type: 'RenameProject'; data: { projectId: string; userId: string; name?: string; description?: string } }
  | { type: 'RegenerateProjectKey'; data: { projectId: string; userId: string; keyHash: string; keyPrefix: string } }
  | { type: 'SaveProjectStyles'; data: { projectId: string; userId: string; styles: Record<string, unknown> } }
  | { type: 'ChangeProjectSettings'; data: { projectId: string; userId: string; requireKey: boolean } }
  | { type: 'DeleteProject'; data: { projectId: string; userId: string } };

export type ProjectState =
  | { status: 'none' }
  | {
      status: 'active' | 'deleted';
      id: string;
      userId: string;
      name: string;
      description: string;
      keyHash: string;
      requireKey: boolean;
      styles: Record<string, unknown>;
    };

export const initialState = (): ProjectState => ({ status: 'none' });

export function evolve(state: ProjectState, event: ProjectEvent): ProjectState {
  if (event.type === 'ProjectCreated') {
    const d = event.data;
    return {
      status: 'active',
      id: d.projectId,
      userId: d.userId,
      name: d.name,
      description: d.description,
      keyHash: d.keyHash,
      requireKey: false,
      styles: {},
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'ProjectRenamed':
      return { ...state, name: event.data.name, description: event.data.description };
    case 'ProjectKeyRegenerated':
      return { ...state, keyHash: event.data.keyHash };
    case 'ProjectStylesSaved':
      return { ...state, styles: event.data.styles };
    case 'ProjectSettingsChanged':
      return { ...state, requireKey: event.data.settings.requireKey };
    case 'ProjectDeleted':
      return { ...state, status: 'deleted' };
    default:
      return assertNever(event);
  }
}

/** Someone else's project answers exactly like a missing one (404, not 403). */
function owned(state: ProjectState, userId: string) {
  if (state.status !== 'active' || state.userId !== userId) throw new NotFoundError(projectMessages.notFound);
  return state;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function decide(command: ProjectCommand, state: ProjectState): ProjectEvent[] {
  switch (command.type) {
    case 'CreateProject':
      if (state.status !== 'none') throw new ConflictError('Project already exists');
      return [{ type: 'ProjectCreated', data: command.data }];
    case 'RenameProject': {
      const s = owned(state, command.data.userId);
      const name = command.data.name ?? s.name;
      const description = command.data.description ?? s.description;
      if (name === s.name && description === s.description) return [];
      return [{ type: 'ProjectRenamed', data: { projectId: s.id, name, description } }];
    }
    case 'RegenerateProjectKey': {
      const s = owned(state, command.data.userId);
      return [
        {
          type: 'ProjectKeyRegenerated',
          data: {
            projectId: s.id,
            keyHash: command.data.keyHash,
            keyPrefix: command.data.keyPrefix,
            previousKeyHash: s.keyHash,
          },
        },
      ];
    }
    case 'SaveProjectStyles': {
      const s = owned(state, command.data.userId);
      if (sameJson(s.styles, command.data.styles)) return [];
      return [{ type: 'ProjectStylesSaved', data: { projectId: s.id, styles: command.data.styles } }];
    }
    case 'ChangeProjectSettings': {
      const s = owned(state, command.data.userId);
      if (s.requireKey === command.data.requireKey) return [];
      return [
        {
          type: 'ProjectSettingsChanged',
          data: { projectId: s.id, settings: { requireKey: command.data.requireKey } },
        },
      ];
    }
    case 'DeleteProject': {
      const s = owned(state, command.data.userId);
      return [{ type: 'ProjectDeleted', data: { projectId: s.id, userId: s.userId } }];
    }
    default:
      return assertNever(command);
  }
}

export const projectDecider: Decider<ProjectState, ProjectCommand, ProjectEvent> = { initialState, evolve, decide };
