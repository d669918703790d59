import { ManageSubscriptionPage } from '../features/billing/components/ManageSubscriptionPage';

export default ManageSubscriptionPage;
