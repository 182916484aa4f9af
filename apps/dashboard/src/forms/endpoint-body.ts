import { z } from 'zod';
import type { AuthSchemas } from '../api';
import { required } from './validation';

/** "Add endpoint": the URL, the Client ID it belongs to ('' picks the first offered) and the extended retry schedule. */
export const endpointForm = z.object({
  url: required.pipe(z.url({ protocol: /^https?$/, error: 'form.url' })),
  clientId: z.string(),
  extendedRetries: z.boolean(),
});
export type EndpointFormInput = z.input<typeof endpointForm>;
export type EndpointFormValues = z.output<typeof endpointForm>;

/** POST /v1/webhook's body and the x-client-id it goes with (`fallbackClientId` when none was picked). */
export function addEndpointRequest(
  v: EndpointFormValues,
  fallbackClientId: string,
): { clientId: string } & AuthSchemas['RegisterWebhookDto'] {
  return { clientId: v.clientId || fallbackClientId, url: v.url, extendedRetries: v.extendedRetries };
}
