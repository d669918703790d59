import { streams } from '@jsonable/contracts/streams';
import { emailHash } from './secrets';

export const userStream = (userId: string): string => streams.user(userId);
export const emailStream = (normalizedEmail: string): string => streams.email(emailHash(normalizedEmail));
