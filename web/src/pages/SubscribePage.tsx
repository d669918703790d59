import { SubscribePage } from '../features/billing/components/SubscribePage';

export default SubscribePage;
