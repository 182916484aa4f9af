import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AuthSchemas, useApis } from '../api';
import { done, must } from '../lib/api-call';
import type { WebhookEventType } from '../lib/events';
import type { WebhooksSearch } from '../router/search';

/** The delivery log's filters (GET /v1/webhooks/deliveries). */
export type DeliveryFilters = Omit<WebhooksSearch, 'cursors'>;
type Endpoint = Pick<AuthSchemas['PlatformEndpointDto'], 'id' | 'clientId'>;

/** Query keys of the platform's webhook endpoints and their delivery log. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: () => [...webhookKeys.all, 'deliveries'] as const,
  deliveryList: (filters: DeliveryFilters, cursor: string | undefined) => [...webhookKeys.deliveries(), filters, cursor ?? null] as const,
};

/** Every endpoint of every Client ID of the platform. */
export function useEndpoints() {
  const { auth } = useApis();
  return useQuery({ queryKey: webhookKeys.endpoints(), queryFn: () => must(auth.GET('/v1/webhooks')) });
}

/** One keyset page of the delivery log. */
export function useDeliveries(filters: DeliveryFilters, cursor: string | undefined) {
  const { auth } = useApis();
  return useQuery({
    queryKey: webhookKeys.deliveryList(filters, cursor),
    placeholderData: keepPreviousData,
    queryFn: () => must(auth.GET('/v1/webhooks/deliveries', { params: { query: { ...filters, cursor, limit: 25 } } })),
  });
}

function useRefreshing() {
  const queries = useQueryClient();
  return () => void queries.invalidateQueries({ queryKey: webhookKeys.all });
}

/** Refetches the endpoints and the delivery log ("Refresh"). */
export const useRefreshWebhooks = useRefreshing;

/** "Add endpoint": registers a URL for one Client ID (x-client-id beside the session); the answer carries the secret, shown once. */
export function useAddEndpoint() {
  const { auth } = useApis();
  const onSuccess = useRefreshing();
  return useMutation({
    mutationFn: ({ clientId, ...body }: { clientId: string; url: string; extendedRetries: boolean }) =>
      must(auth.POST('/v1/webhook', { body, headers: { 'x-client-id': clientId } })),
    onSuccess,
  });
}

/** Activate / deactivate one endpoint. */
export function useToggleEndpoint() {
  const { auth } = useApis();
  const onSuccess = useRefreshing();
  return useMutation({
    mutationFn: (h: Endpoint) =>
      done(auth.PUT('/v1/webhook/{webhookId}', { params: { path: { webhookId: h.id } }, headers: { 'x-client-id': h.clientId } })),
    onSuccess,
  });
}

/** Delete one endpoint. */
export function useRemoveEndpoint() {
  const { auth } = useApis();
  const onSuccess = useRefreshing();
  return useMutation({
    mutationFn: (h: Endpoint) =>
      done(auth.DELETE('/v1/webhook/{webhookId}', { params: { path: { webhookId: h.id } }, headers: { 'x-client-id': h.clientId } })),
    onSuccess,
  });
}

/** A test event of one type to a Client ID's active endpoints. */
export function useFireTest() {
  const { auth } = useApis();
  const onSuccess = useRefreshing();
  return useMutation({
    mutationFn: ({ clientId, eventType }: { clientId: string; eventType: WebhookEventType }) =>
      must(auth.POST('/v1/webhook/test', { body: { eventType }, headers: { 'x-client-id': clientId } })),
    onSuccess,
  });
}

/** Redeliver one delivery now. */
export function useRedeliver() {
  const { auth } = useApis();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      must(auth.POST('/v1/webhooks/deliveries/{deliveryId}/redeliver', { params: { path: { deliveryId } } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: webhookKeys.deliveries() }),
  });
}

/** "Redeliver failed since": every failed delivery of the endpoint created since `since` opens a new round on the recovery lane. */
export function useRecoverDeliveries() {
  const { auth } = useApis();
  const onSuccess = useRefreshing();
  return useMutation({
    mutationFn: ({ endpoint, since }: { endpoint: Endpoint; since: string }) =>
      must(
        auth.POST('/v1/webhook/{webhookId}/recover', {
          params: { path: { webhookId: endpoint.id } },
          headers: { 'x-client-id': endpoint.clientId },
          body: { since, status: 'failed' },
        }),
      ),
    onSuccess,
  });
}
