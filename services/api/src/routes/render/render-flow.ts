/**
 * The two ways a table gets rendered from a route: counted and stored for good (RenderService:
 * quota → render → file → TableRendered), or temporary and uncounted (previews, the demo:
 * rendered, stored under an expiring prefix, never an event).
 */
import { imageBudgets } from '@jsonable/contracts/render-api';
import { withQueryProjectId, type CanonicalTableRequest } from '@jsonable/contracts/table-request';
import { PRESETS } from '@jsonable/contracts/presets';
import { checkPdfCells } from '@jsonable/render/limits';
import { parseTableRequest } from '@jsonable/render/request';
import { tableShape } from '@jsonable/render/normalize/table';
import type { RenderSource } from '@jsonable/contracts/events';
import { NotFoundError } from '@jsonable/domain/errors';
import {
  blobKeys,
  imageFilename,
  randomToken,
  sanitizeFilename,
  type FileFormat,
} from '@jsonable/domain/images/filenames';
import type { RenderOutput } from '@jsonable/domain/ports';
import type { RenderService, RenderTableInput, RenderTableResult } from '@jsonable/domain/usage/render-table';
import { projectMessages } from '@jsonable/contracts/projects';
import { getOwnProject, type ProjectDoc } from '@jsonable/read-models/projects/projects.queries';
import type { AppDeps } from '../../deps';
import { requestHash, tableBodyOf, type Ctx } from './shared';
import type { UserDoc } from '@jsonable/read-models/accounts/users.queries';

/**
 * A render route's body (tableBodyOf) and its table request, parsed once (issue #27): checked
 * against the engine's limits and parsed into the canonical request (@jsonable/render/request);
 * the query's `projectId` wins over the body's.
 */
export function tableRequestOf(ctx: Ctx): { body: unknown; request: CanonicalTableRequest } {
  const body = tableBodyOf(ctx);
  return { body, request: withQueryProjectId(parseTableRequest(body), ctx.query) };
}

/** A PDF's cell limit, checked before anything is counted or queued (the format may come from the project). */
function checkPdfRequest(request: CanonicalTableRequest, projectStyles: Record<string, unknown> | null): void {
  const preset = request.options.preset ? PRESETS[request.options.preset].format : undefined;
  const chosen = request.format ?? request.styles.imageFormat ?? preset ?? projectStyles?.imageFormat;
  if (chosen !== 'pdf') return;
  const { columns, rawRows } = tableShape(request);
  const pagination = request.options.pagination;
  const rows = pagination?.enabled ? Math.min(rawRows.length, pagination.pageSize ?? 10) : rawRows.length;
  checkPdfCells(rows, columns.length);
}

export async function ownProject(deps: AppDeps, userId: string, projectId: string | null): Promise<ProjectDoc | null> {
  if (projectId === null) return null;
  const project = await getOwnProject(deps.readModels, userId, projectId);
  if (!project) throw new NotFoundError(projectMessages.notFound);
  return project;
}

export interface CountedRender {
  /** The user whose allowance counts the render (accountOf, or the project owner's). */
  account: Promise<UserDoc>;
  userId: string;
  project: ProjectDoc | null;
  source: RenderSource;
  route: string;
  /** The table, parsed once (parseTableRequest). */
  request: CanonicalTableRequest;
  /** The body as sent: kept 30 days beside the image, and bound to an Idempotency-Key. */
  body: unknown;
  idempotencyKey: string | null;
  format?: FileFormat | undefined;
  /** A version of a living image (issue #25). */
  live?: { projectId: string; name: string } | undefined;
  /** The render queue lane (renderLane). */
  lane: string;
  /** RenderTableInput.admit: the last word before the render is counted. */
  admit?: RenderTableInput['admit'];
}

export async function renderCounted(
  deps: AppDeps,
  service: RenderService,
  input: CountedRender,
): Promise<RenderTableResult> {
  checkPdfRequest(
    input.format ? { ...input.request, format: input.format } : input.request,
    input.project?.defaultStyles ?? null,
  );
  const user = await input.account;
  const projectId = input.project?.id ?? null;
  return service.render({
    userId: input.userId,
    registeredAt: user.created_at,
    planTier: user.current_plan_tier,
    projectId,
    source: input.source,
    request: input.request,
    payload: input.body,
    projectStyles: input.project?.defaultStyles ?? null,
    format: input.format,
    idempotencyKey: input.idempotencyKey,
    requestHash: requestHash(input.route, projectId, input.body),
    live: input.live,
    lane: input.lane,
    admit: input.admit,
  });
}

export interface TemporaryImage {
  output: RenderOutput;
  filename: string;
  expiresAt: Date;
}

/** Renders without counting and keeps the file under `prefix` until `ttlMs` from now. */
export async function renderTemporary(
  deps: AppDeps,
  input: {
    request: CanonicalTableRequest;
    projectStyles: Record<string, unknown> | null;
    kind: 'preview' | 'demo';
    ttlMs: number;
    lane: string;
  },
): Promise<TemporaryImage> {
  checkPdfRequest(input.request, input.projectStyles);
  const output = await deps.renderer.render(
    {
      request: input.request,
      projectStyles: input.projectStyles,
      // The anonymous demo: a logo or two, not image bombs.
      ...(input.kind === 'demo' ? { imageBudget: imageBudgets.demo } : {}),
    },
    { lane: input.lane },
  );
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + input.ttlMs);
  const filename = imageFilename(
    sanitizeFilename(input.request.filename, output.title),
    now,
    randomToken(deps.ids.uuid()),
    output.format,
  );
  const key = input.kind === 'preview' ? blobKeys.preview(filename) : blobKeys.demo(filename);
  await deps.blobs.put(key, output.bytes, output.contentType, { expiresAt: expiresAt.toISOString() });
  return { output, filename, expiresAt };
}

/** Renders for the caller's eyes only: nothing is stored or counted. */
export async function renderPreviewBytes(
  deps: AppDeps,
  request: CanonicalTableRequest,
  projectStyles: Record<string, unknown> | null,
  lane: string,
): Promise<RenderOutput> {
  checkPdfRequest(request, projectStyles);
  return deps.renderer.render({ request, projectStyles }, { lane });
}
