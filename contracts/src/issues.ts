/**
 * The one formatter of schema refusals (issue #27): the API's request parsing and the engine's
 * payload checks both turn a zod error into the caller's 400 message through it, so the same
 * mistake reads the same wherever it is caught.
 *
 * - A message written for users (SPEC §5; anything but zod's generic "Invalid input…", "Too big…",
 *   "Expected…") stands alone: "Passwords must be at least 8 characters", "limit must be a whole number …".
 * - Otherwise, or when the field must be named (`namePath`, for payloads and forms of many fields),
 *   the field's path comes first: "Invalid conditionalFormats.0.when.op: Expected one of …".
 * - `at` names where in a table the refused part is: "Invalid cell style at row 2, column "a" (color): …".
 */
export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export interface IssueMessageOptions {
  /** Name the field even when the message was written for users. */
  namePath?: boolean;
  /** What was refused and where, when the path is relative to a part of the payload. */
  at?: string;
  /** The message when there is no issue at all. */
  fallback?: string;
}

/** zod's own messages ("Invalid input: expected string", "Invalid email address", "Too big: …"). */
const GENERIC = /^(Invalid |Too (big|small)|Unrecognized key|Expected )/;

/** The caller's message for the first of a schema's issues (`error.issues` of a failed safeParse). */
export function issueMessage(issues: readonly IssueLike[], options: IssueMessageOptions = {}): string {
  const issue = issues[0];
  if (!issue) return options.fallback ?? 'Invalid request';
  const path = issue.path.map(String).join('.');
  if (options.at !== undefined) return `Invalid ${options.at}${path ? ` (${path})` : ''}: ${issue.message}`;
  if (!path || (!options.namePath && !GENERIC.test(issue.message))) return issue.message;
  return `Invalid ${path}: ${issue.message}`;
}
