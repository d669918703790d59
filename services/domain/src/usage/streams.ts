import { streams } from '@jsonable/contracts/streams';

/** `usage-{userId}-{period}`: every counted render of one 30-day period, decided here. */
export const usageStream = (userId: string, period: number): string => streams.usage(userId, period);
