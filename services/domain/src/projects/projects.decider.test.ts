import { describe, it } from 'vitest';
import type { ProjectCreated } from '@jsonable/contracts/events';
import { ConflictError, NotFoundError } from '../errors';
import { testDecider } from '../runtime/testing';
import { projectDecider } from './projects.decider';

const created: ProjectCreated = {
  type: 'ProjectCreated',
  data: {
    projectId: 'p1',
    userId: 'u1',
    name: 'Sales',
    description: '',
    endpointPath: '/api/jsonable/p/sales-abc',
    keyHash: 'h1',
    keyPrefix: 'jp_abc',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
};
const spec = testDecider(projectDecider);

const deleted = { type: 'ProjectDeleted' as const, data: { projectId: 'p1', userId: 'u1' } };
const regenerated = {
  type: 'ProjectKeyRegenerated' as const,
  data: { projectId: 'p1', keyHash: 'h2', keyPrefix: 'jp_def', previousKeyHash: 'h1' },
};
const saved = { type: 'ProjectStylesSaved' as const, data: { projectId: 'p1', styles: { headerBg: '#000000' } } };

describe('project decider', () => {
  it('creates a project', () => {
    spec.given([]).when({ type: 'CreateProject', data: created.data }).then([created]);
  });

  it('refuses to create a project twice', () => {
    spec.given([created]).when({ type: 'CreateProject', data: created.data }).thenThrows(ConflictError);
  });

  it('renames a project', () => {
    spec
      .given([created])
      .when({ type: 'RenameProject', data: { projectId: 'p1', userId: 'u1', name: 'Sales 2026' } })
      .then([{ type: 'ProjectRenamed', data: { projectId: 'p1', name: 'Sales 2026', description: '' } }]);
  });

  it('changes nothing on a rename to the same name', () => {
    spec
      .given([created])
      .when({ type: 'RenameProject', data: { projectId: 'p1', userId: 'u1', name: 'Sales' } })
      .thenNothing();
  });

  it("answers someone else's project as not found", () => {
    spec
      .given([created])
      .when({ type: 'RenameProject', data: { projectId: 'p1', userId: 'u2', name: 'x' } })
      .thenThrows(NotFoundError, 'Project not found');
  });

  it('answers a deleted project as not found', () => {
    spec
      .given([created, deleted])
      .when({ type: 'DeleteProject', data: { projectId: 'p1', userId: 'u1' } })
      .thenThrows(NotFoundError);
  });

  it('answers a project that was never created as not found', () => {
    spec
      .given([])
      .when({ type: 'SaveProjectStyles', data: { projectId: 'p1', userId: 'u1', styles: {} } })
      .thenThrows(NotFoundError);
  });

  it('regenerates the key naming the previous hash', () => {
    spec
      .given([created])
      .when({
        type: 'RegenerateProjectKey',
        data: { projectId: 'p1', userId: 'u1', keyHash: 'h2', keyPrefix: 'jp_def' },
      })
      .then([regenerated]);
  });

  it('regenerates the key again naming the hash of the last regeneration', () => {
    spec
      .given([created, regenerated])
      .when({
        type: 'RegenerateProjectKey',
        data: { projectId: 'p1', userId: 'u1', keyHash: 'h3', keyPrefix: 'jp_ghi' },
      })
      .then([
        {
          type: 'ProjectKeyRegenerated',
          data: { projectId: 'p1', keyHash: 'h3', keyPrefix: 'jp_ghi', previousKeyHash: 'h2' },
        },
      ]);
  });

  it('saves styles', () => {
    spec
      .given([created])
      .when({ type: 'SaveProjectStyles', data: { projectId: 'p1', userId: 'u1', styles: { headerBg: '#000000' } } })
      .then([saved]);
  });

  it('changes nothing when the styles saved are the same', () => {
    spec
      .given([created, saved])
      .when({ type: 'SaveProjectStyles', data: { projectId: 'p1', userId: 'u1', styles: { headerBg: '#000000' } } })
      .thenNothing();
  });

  it('changes nothing when the settings are the same', () => {
    spec
      .given([created])
      .when({ type: 'ChangeProjectSettings', data: { projectId: 'p1', userId: 'u1', requireKey: false } })
      .thenNothing();
  });

  it('changes the settings', () => {
    spec
      .given([created])
      .when({ type: 'ChangeProjectSettings', data: { projectId: 'p1', userId: 'u1', requireKey: true } })
      .then([{ type: 'ProjectSettingsChanged', data: { projectId: 'p1', settings: { requireKey: true } } }]);
  });
});
