import { DashboardPage } from '../features/dashboard/components/DashboardPage';

export default DashboardPage;
