/**
 * A project's endpoint (SPEC §2, ARCHITECTURE "HTTP"): project endpoints live under
 * /api/jsonable/p/{endpoint}. The server may store the full path or only the endpoint part;
 * both are accepted here so the screens always show a usable URL.
 */
import { PROJECT_ENDPOINT_PREFIX } from '@jsonable/contracts/projects';

export { PROJECT_ENDPOINT_PREFIX };
const PROJECT_SEGMENT = '/p/';
const GENERIC_SUFFIX = 'table-to-image';

export function endpointPathOf(stored: string): string {
  if (stored.startsWith('/')) return stored;
  return PROJECT_ENDPOINT_PREFIX + stored;
}

export function endpointUrl(stored: string, origin: string = window.location.origin): string {
  return origin + endpointPathOf(stored);
}

/** Project-specific: under the project segment and not the generic table-to-image route. */
export function isProjectSpecific(stored: string): boolean {
  const path = endpointPathOf(stored).replace(/\/+$/, '');
  return path.includes(PROJECT_SEGMENT) && !path.endsWith(GENERIC_SUFFIX);
}
