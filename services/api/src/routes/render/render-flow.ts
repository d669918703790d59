/**
 * What the render routes hand to the one render service (RenderService, issue #27 item 5): the
 * table request parsed once, the caller's own project, and a counted render's input. Previews,
 * the demo and the dashboard's preview call the service with `keep` alone.
 */
import { withQueryProjectId, type CanonicalTableRequest } from '@jsonable/contracts/table-request';
import { parseTableRequest } from '@jsonable/render/request';
import type { RenderSource } from '@jsonable/contracts/events';
import { NotFoundError } from '@jsonable/domain/errors';
import type { RenderTableInput } from '@jsonable/domain/usage/render-table';
import { projectMessages } from '@jsonable/contracts/projects';
import { getOwnProject, type ProjectDoc } from '@jsonable/read-models/projects/projects.queries';
import type { UserDoc } from '@jsonable/read-models/accounts/users.queries';
import type { AppDeps } from '../../deps';
import { requestHash, tableBodyOf, type Ctx } from './shared';

/**
 * A render route's body (tableBodyOf) and its table request, parsed once (issue #27): checked
 * against the engine's limits and parsed into the canonical request (@jsonable/render/request);
 * the query's `projectId` wins over the body's.
 */
export function tableRequestOf(ctx: Ctx): { body: unknown; request: CanonicalTableRequest } {
  const body = tableBodyOf(ctx);
  return { body, request: withQueryProjectId(parseTableRequest(body), ctx.query) };
}

export async function ownProject(deps: AppDeps, userId: string, projectId: string | null): Promise<ProjectDoc | null> {
  if (projectId === null) return null;
  const project = await getOwnProject(deps.readModels, userId, projectId);
  if (!project) throw new NotFoundError(projectMessages.notFound);
  return project;
}

export interface CountedRender {
  /** The user whose allowance counts the render (accountOf, or the project owner's). */
  account: UserDoc;
  project: ProjectDoc | null;
  source: RenderSource;
  route: string;
  /** The table, parsed once (parseTableRequest). */
  request: CanonicalTableRequest;
  /** The body as sent: kept 30 days beside the image, and bound to an Idempotency-Key. */
  body: unknown;
  idempotencyKey: string | null;
  /** A version of a living image (issue #25). */
  live?: { projectId: string; name: string } | undefined;
  /** The render queue lane (accountLane). */
  lane: string;
  /** RenderTableInput.admit: the last word before the render is counted. */
  admit?: RenderTableInput['admit'];
}

/** The render service's input for a counted render: the account's terms and the request's hash. */
export function countedRender(input: CountedRender): RenderTableInput {
  const projectId = input.project?.id ?? null;
  return {
    keep: 'counted',
    userId: input.account.id,
    registeredAt: input.account.created_at,
    planTier: input.account.current_plan_tier,
    projectId,
    source: input.source,
    request: input.request,
    payload: input.body,
    projectStyles: input.project?.defaultStyles ?? null,
    idempotencyKey: input.idempotencyKey,
    requestHash: requestHash(input.route, projectId, input.body),
    live: input.live,
    lane: input.lane,
    admit: input.admit,
  };
}
