import { streams } from '@jsonable/contracts/streams';

/** `billing-{userId}`: what the payment provider told us about this user. */
export const billingStream = (userId: string): string => streams.billing(userId);
