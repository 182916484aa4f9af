import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AuthSchemas, useApis } from '../api';
import { must } from '../lib/api-call';

type Create = AuthSchemas['CreateClientIdDto'];
type Update = AuthSchemas['UpdateClientIdDto'];

/** Query keys of the platform's Client IDs. */
export const clientIdKeys = { all: ['client-ids'] as const };

/** Every Client ID of the platform (listed for a wallet session only: `enabled` false for an e-mail session). */
export function useClientIds(enabled = true) {
  const { auth } = useApis();
  return useQuery({ queryKey: clientIdKeys.all, enabled, queryFn: () => must(auth.GET('/v1/client-ids')) });
}

/** Create a Client ID (no `id`) or update one. */
export function useSaveClientId() {
  const { auth } = useApis();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (save: { id?: undefined; body: Create } | { id: string; body: Update }) =>
      save.id === undefined
        ? must(auth.POST('/v1/client-ids', { body: save.body }))
        : must(auth.PUT('/v1/client-ids/{id}', { params: { path: { id: save.id } }, body: save.body })),
    onSuccess: () => queries.invalidateQueries({ queryKey: clientIdKeys.all }),
  });
}

/** Revoke one Client ID. */
export function useRevokeClientId() {
  const { auth } = useApis();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => must(auth.DELETE('/v1/client-ids/{id}', { params: { path: { id } } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: clientIdKeys.all }),
  });
}
