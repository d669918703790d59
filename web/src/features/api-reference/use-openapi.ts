import useSWR from 'swr';
import { apiRequest } from '../../lib/api-client';
import { overlayOpenApi } from './openapi';
import { staticEndpoints, type EndpointDoc } from './endpoints';

/** The endpoint blocks: the static description at once, refined by /api/openapi.json when the server has it. */
export function useEndpointDocs(): { endpoints: EndpointDoc[]; fromServer: boolean } {
  const { data } = useSWR('/api/openapi.json', (path: string) => apiRequest(path).catch(() => null));
  return { endpoints: data ? overlayOpenApi(data, staticEndpoints) : staticEndpoints, fromServer: Boolean(data) };
}
