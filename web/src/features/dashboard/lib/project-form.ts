/** The create-project form's rules (SPEC §5). Pure, so the dialog and its tests share them. */
export interface ProjectFormValues { name: string; description: string; endpointPath: string }
export type ProjectFormErrors = Partial<Record<keyof ProjectFormValues, string>>;

export const ENDPOINT_PATH_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function validateProjectForm(v: ProjectFormValues): ProjectFormErrors {
  const errors: ProjectFormErrors = {};
  const name = v.name.trim();
  if (!name) errors.name = 'Project name is required';
  else if (name.length > 50) errors.name = 'Project name is too long';
  if (v.description.trim().length > 200) errors.description = 'Description is too long';
  const path = v.endpointPath.trim();
  if (!path) errors.endpointPath = 'Endpoint path is required';
  else if (!ENDPOINT_PATH_PATTERN.test(path)) errors.endpointPath = 'Use lowercase letters, digits and single hyphens';
  return errors;
}

/** Endpoint path suggested from a project name: 'Q3 Sales Report' → 'q3-sales-report'. */
export function suggestEndpointPath(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '');
}

export function validateRename(v: { name: string; description: string }): ProjectFormErrors {
  const { endpointPath: _ignored, ...rest } = validateProjectForm({ ...v, endpointPath: 'x' });
  return rest;
}
