import { createHash } from 'node:crypto';
import { streams } from '@jsonable/contracts/streams';

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

export const projectStream = (projectId: string): string => streams.project(projectId);
/** Reservation stream that makes an endpoint path unique (created with `no_stream`). */
export const endpointStream = (endpointPath: string): string => streams.endpoint(sha256Hex(endpointPath));
