import { ProjectStylesPage } from '../features/project-styles/components/ProjectStylesPage';

export default ProjectStylesPage;
