/** Stream names. Hashes are SHA-256 hex of the normalised value (computed by the caller). */
export const streams = {
  user: (userId: string) => `user-${userId}`,
  email: (emailHash: string) => `email-${emailHash}`,
  project: (projectId: string) => `project-${projectId}`,
  endpoint: (pathHash: string) => `endpoint-${pathHash}`,
  /** The projects a user holds against the plan's limit (ProjectSlotTaken / ProjectSlotFreed). */
  projectSlots: (userId: string) => `projectslots-${userId}`,
  usage: (userId: string, period: number) => `usage-${userId}-${period}`,
  image: (imageId: string) => `image-${imageId}`,
  /** One living image of a project, by its name (names are validated: lowercase, digits, hyphens). */
  live: (projectId: string, name: string) => `live-${projectId}-${name}`,
  billing: (userId: string) => `billing-${userId}`,
} as const;
