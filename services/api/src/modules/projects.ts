/** The projects context: projects, their keys and endpoints, default styles. */
import { projectsProjection } from '@jsonable/read-models/projects/projects.projection';
import type { ApiModule } from '../module';
import { requireSession } from '../middleware/auth';
import { projectRoutes } from '../routes/projects/projects.routes';

export const projectsModule: ApiModule = {
  name: 'projects',
  projections: [projectsProjection],
  routes(router, deps) {
    projectRoutes(router, deps, requireSession(deps));
  },
};
