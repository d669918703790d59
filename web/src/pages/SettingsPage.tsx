import { SettingsPage } from '../features/settings/components/SettingsPage';

export default SettingsPage;
