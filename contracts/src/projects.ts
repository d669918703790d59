/**
 * Projects over HTTP (SPEC §3, §5, §7): requests the dashboard sends and what it gets back.
 * Messages are the SPEC's own words, so the server and the web form say the same thing.
 */
import { z } from 'zod';

/** Every project endpoint lives under this path segment (SPEC §2: "project-specific JSON endpoints"). */
export const PROJECT_ENDPOINT_PREFIX = '/api/jsonable/p/';

export const projectMessages = {
  nameRequired: 'Project name is required',
  nameTooLong: 'Project name is too long',
  descriptionTooLong: 'Description is too long',
  descriptionNotText: 'Description must be text',
  endpointInvalid: 'Endpoint path may only contain letters, digits and hyphens (at most 40)',
  notFound: 'Project not found',
} as const;

export const PROJECT_NAME_MAX = 50;
export const PROJECT_DESCRIPTION_MAX = 200;
export const ENDPOINT_SLUG_MAX = 40;

const name = z
  .string({ error: projectMessages.nameRequired })
  .trim()
  .min(1, projectMessages.nameRequired)
  .max(PROJECT_NAME_MAX, projectMessages.nameTooLong);
const description = z
  .string({ error: projectMessages.descriptionNotText })
  .trim()
  .max(PROJECT_DESCRIPTION_MAX, projectMessages.descriptionTooLong);

/**
 * The readable part of an endpoint path, as typed in the New Project dialog ("sales-report",
 * "/api/jsonable/p/sales-report", "Sales Report" all give "sales-report"). The server appends
 * a random suffix so endpoints cannot be guessed from a project's name.
 */
export function endpointSlug(input: string): string {
  const tail = input
    .trim()
    .replace(/^.*\/p\//, '')
    .replace(/^\/+|\/+$/g, '');
  return tail
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ENDPOINT_SLUG_MAX)
    .replace(/-+$/, '');
}

export const createProjectRequestSchema = z.object({
  name,
  /** null (as automation tools send an empty field) is no description. */
  description: description.nullish().transform((value) => value ?? ''),
  /** Optional on the server: a missing or empty one is derived from the name. */
  endpointPath: z.string().max(200, projectMessages.endpointInvalid).optional(),
  settings: z.object({ requireKey: z.boolean() }).partial().optional(),
});
export type CreateProjectRequest = z.input<typeof createProjectRequestSchema>;

export const updateProjectRequestSchema = z.object({
  name: name.optional(),
  /** null clears the description; leaving it out keeps it. */
  description: description.nullish().transform((value) => (value === null ? '' : value)),
  settings: z.object({ requireKey: z.boolean() }).partial().optional(),
});
export type UpdateProjectRequest = z.input<typeof updateProjectRequestSchema>;

export const projectSettingsSchema = z.object({
  /** When true, the project endpoint refuses calls without this project's key (X-API-KEY). */
  requireKey: z.boolean(),
});

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Full path of the project's endpoint, e.g. /api/jsonable/p/sales-report-3f9c2a7b1d. */
  endpointPath: z.string(),
  /** The first characters of the key; the full key is shown only once. */
  apiKeyPrefix: z.string(),
  userId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isActive: z.boolean(),
  settings: projectSettingsSchema,
  /** Saved default styles (a partial styles object; {} when none). */
  defaultStyles: z.record(z.string(), z.unknown()),
  imageCount: z.number().int().nonnegative(),
});
export type ProjectView = z.infer<typeof projectSchema>;

/** GET /api/jsonable/projects and GET /api/projects. */
export const projectListSchema = z.array(projectSchema);

/** POST /api/jsonable/projects: the project with its full key, shown this once. */
export const createdProjectSchema = projectSchema.extend({ apiKey: z.string() });
export type CreatedProject = z.infer<typeof createdProjectSchema>;

/** POST /api/projects/{id}/regenerate-key. */
export const regenerateKeyResponseSchema = z.object({
  success: z.literal(true),
  fullApiKey: z.string(),
  apiKeyPrefix: z.string(),
});
export type RegenerateKeyResponse = z.infer<typeof regenerateKeyResponseSchema>;

/** PATCH /api/projects/{id}/styles answers the project with its saved styles. */
export const saveStylesResponseSchema = z.object({ success: z.literal(true), project: projectSchema });

/** DELETE /api/jsonable/projects/{id}. */
export const deleteProjectResponseSchema = z.object({
  success: z.literal(true),
  /** How many images were kept and detached from the project. */
  detachedImages: z.number().int().nonnegative(),
});
