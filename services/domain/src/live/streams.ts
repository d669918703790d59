import { streams } from '@jsonable/contracts/streams';

/** `live-{projectId}-{name}`: one living image of a project, across deletes and re-creates. */
export const liveStream = (projectId: string, name: string): string => streams.live(projectId, name);
