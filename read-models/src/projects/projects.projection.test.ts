import { describe, expect, it } from 'vitest';
import { runProjectionTwice } from '@jsonable/projector/testing';
import { projectsProjection } from './projects.projection';

const created = {
  type: 'ProjectCreated',
  streamId: 'project-p1',
  data: {
    projectId: 'p1',
    userId: 'u1',
    name: 'Sales',
    description: 'Q3',
    endpointPath: '/api/jsonable/p/sales-1a2b',
    keyHash: 'h1',
    keyPrefix: 'jp_aaaaaaa',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
};

describe('projects projection', () => {
  it('keeps the project and indexes its key; a regenerated key revokes the old one at once', async () => {
    const docs = await runProjectionTwice(projectsProjection, [
      created,
      {
        type: 'ProjectRenamed',
        streamId: 'project-p1',
        data: { projectId: 'p1', name: 'Sales 2026', description: 'Q3' },
      },
      {
        type: 'ProjectStylesSaved',
        streamId: 'project-p1',
        data: { projectId: 'p1', styles: { headerBg: '#000000' } },
      },
      {
        type: 'ProjectSettingsChanged',
        streamId: 'project-p1',
        data: { projectId: 'p1', settings: { requireKey: true } },
      },
      {
        type: 'ProjectKeyRegenerated',
        streamId: 'project-p1',
        data: { projectId: 'p1', keyHash: 'h2', keyPrefix: 'jp_bbbbbbb', previousKeyHash: 'h1' },
      },
    ]);
    expect(docs.projects).toMatchObject([
      {
        id: 'p1',
        name: 'Sales 2026',
        description: 'Q3',
        apiKeyPrefix: 'jp_bbbbbbb',
        isActive: true,
        settings: { requireKey: true },
        defaultStyles: { headerBg: '#000000' },
        endpointPath: '/api/jsonable/p/sales-1a2b',
      },
    ]);
    expect(docs.project_keys).toMatchObject([
      { id: 'h1', projectId: 'p1', userId: 'u1', revoked: true },
      { id: 'h2', projectId: 'p1', userId: 'u1', revoked: false },
    ]);
  });

  it('a deleted project is inactive and its key revoked', async () => {
    const docs = await runProjectionTwice(projectsProjection, [
      created,
      { type: 'ProjectDeleted', streamId: 'project-p1', data: { projectId: 'p1', userId: 'u1' } },
    ]);
    expect(docs.projects).toMatchObject([{ id: 'p1', isActive: false }]);
    expect(docs.project_keys).toMatchObject([{ id: 'h1', revoked: true }]);
  });
});
