/**
 * The two ways a table gets rendered from a route: counted and stored for good (RenderService:
 * quota → render → file → TableRendered), or temporary and uncounted (previews, the demo:
 * rendered, stored under an expiring prefix, never an event).
 */
import { imageBudgets } from '@jsonable/contracts/render-api';
import { tableRequestSchema } from '@jsonable/contracts/table';
import { checkPayloadShape, checkPdfCells } from '@jsonable/render/limits';
import { tableShape } from '@jsonable/render/normalize/table';
import type { RenderSource } from '@jsonable/contracts/events';
import { NotFoundError, ValidationError } from '@jsonable/domain/errors';
import {
  blobKeys,
  imageFilename,
  randomToken,
  requestedFilename,
  sanitizeFilename,
  type FileFormat,
} from '@jsonable/domain/images/filenames';
import type { RenderOutput } from '@jsonable/domain/ports';
import type { RenderService, RenderTableResult } from '@jsonable/domain/usage/render-table';
import { projectMessages } from '@jsonable/contracts/projects';
import { getOwnProject, type ProjectDoc } from '@jsonable/read-models/projects/projects.queries';
import type { AppDeps } from '../../deps';
import { parse } from '../parse';
import { requestHash } from './shared';
import type { UserDoc } from '@jsonable/read-models/accounts/users.queries';

/**
 * Checks the payload before anything is hashed, counted, stored or queued: the engine's own
 * depth, size, row, column and cell-count limits (the same functions the worker runs), then the
 * schema. What only painting can tell (pixels, pages) the engine checks in the worker.
 */
export function validatePayload(body: unknown, projectStyles?: Record<string, unknown> | null, format?: string): void {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError('Invalid request: the body must be a JSON object with data, or headers and rows');
  }
  checkPayloadShape(body);
  // Named fields: "styles.headerBg: Colours must be hex…" says which colour.
  const request = parse(tableRequestSchema, body, { namePath: true });
  const { columns, rawRows } = tableShape(request);
  const chosen =
    format ??
    request.options?.format ??
    request.format ??
    request.styles?.imageFormat ??
    request.options?.styles?.imageFormat ??
    projectStyles?.imageFormat;
  const pagination = request.options?.pagination;
  const rows = pagination?.enabled ? Math.min(rawRows.length, pagination.pageSize ?? 10) : rawRows.length;
  if (chosen === 'pdf') checkPdfCells(rows, columns.length);
}

/** The project a request names (query, body or options), as an id string. */
export function requestedProjectId(query: unknown, body: unknown): string | null {
  const fromQuery = (query as Record<string, unknown> | undefined)?.projectId;
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const options = (b.options && typeof b.options === 'object' ? b.options : {}) as Record<string, unknown>;
  for (const candidate of [fromQuery, b.projectId, options.projectId]) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate.trim();
    if (typeof candidate === 'number' && Number.isFinite(candidate)) return String(candidate);
  }
  return null;
}

export async function ownProject(deps: AppDeps, userId: string, projectId: string | null): Promise<ProjectDoc | null> {
  if (projectId === null) return null;
  const project = await getOwnProject(deps.readModels, userId, projectId);
  if (!project) throw new NotFoundError(projectMessages.notFound);
  return project;
}

export interface CountedRender {
  /** The user whose allowance counts the render, as requestAccount loaded it. */
  account: Promise<UserDoc>;
  userId: string;
  project: ProjectDoc | null;
  source: RenderSource;
  route: string;
  body: unknown;
  idempotencyKey: string | null;
  format?: FileFormat | undefined;
  /** A version of a living image (issue #25). */
  live?: { projectId: string; name: string } | undefined;
  /** The render queue lane (renderLane). */
  lane: string;
}

export async function renderCounted(
  deps: AppDeps,
  service: RenderService,
  input: CountedRender,
): Promise<RenderTableResult> {
  validatePayload(input.body, input.project?.defaultStyles ?? null, input.format);
  const user = await input.account;
  const projectId = input.project?.id ?? null;
  return service.render({
    userId: input.userId,
    registeredAt: user.created_at,
    planTier: user.current_plan_tier,
    projectId,
    source: input.source,
    payload: input.body,
    projectStyles: input.project?.defaultStyles ?? null,
    format: input.format,
    idempotencyKey: input.idempotencyKey,
    requestHash: requestHash(input.route, projectId, input.body),
    live: input.live,
    lane: input.lane,
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
    body: unknown;
    projectStyles: Record<string, unknown> | null;
    kind: 'preview' | 'demo';
    ttlMs: number;
    lane: string;
  },
): Promise<TemporaryImage> {
  validatePayload(input.body, input.projectStyles);
  const output = await deps.renderer.render(
    {
      payload: input.body,
      projectStyles: input.projectStyles,
      // The anonymous demo: a logo or two, not image bombs.
      ...(input.kind === 'demo' ? { imageBudget: imageBudgets.demo } : {}),
    },
    { lane: input.lane },
  );
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + input.ttlMs);
  const filename = imageFilename(
    sanitizeFilename(requestedFilename(input.body), output.title),
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
  body: unknown,
  projectStyles: Record<string, unknown> | null,
  lane: string,
): Promise<RenderOutput> {
  validatePayload(body, projectStyles);
  return deps.renderer.render({ payload: body, projectStyles }, { lane });
}

/** `{ warnings }` when the render left something out (images over budget …), else nothing. */
export function warningsOf(output: { warnings?: string[] | undefined }): { warnings?: string[] } {
  return output.warnings && output.warnings.length > 0 ? { warnings: output.warnings } : {};
}
