/** The create-project form's rules (SPEC §5), in the contract's words. Pure, so dialogs and tests share them. */
import {
  ENDPOINT_SLUG_MAX,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_NAME_MAX,
  endpointSlug,
  projectMessages,
} from '@jsonable/contracts/projects';

export interface ProjectFormValues {
  name: string;
  description: string;
  endpointPath: string;
}
export type ProjectFormErrors = Partial<Record<keyof ProjectFormValues, string>>;

export const ENDPOINT_PATH_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ENDPOINT_PATH_REQUIRED = 'Endpoint path is required';

export function validateRename(v: { name: string; description: string }): ProjectFormErrors {
  const errors: ProjectFormErrors = {};
  const name = v.name.trim();
  if (!name) errors.name = projectMessages.nameRequired;
  else if (name.length > PROJECT_NAME_MAX) errors.name = projectMessages.nameTooLong;
  if (v.description.trim().length > PROJECT_DESCRIPTION_MAX) errors.description = projectMessages.descriptionTooLong;
  return errors;
}

export function validateProjectForm(v: ProjectFormValues): ProjectFormErrors {
  const errors = validateRename(v);
  const path = v.endpointPath.trim();
  if (!path) errors.endpointPath = ENDPOINT_PATH_REQUIRED;
  else if (!ENDPOINT_PATH_PATTERN.test(path) || path.length > ENDPOINT_SLUG_MAX)
    errors.endpointPath = projectMessages.endpointInvalid;
  return errors;
}

/** Endpoint path suggested from a project name: 'Q3 Sales Report' → 'q3-sales-report'. */
export function suggestEndpointPath(name: string): string {
  return endpointSlug(name);
}
