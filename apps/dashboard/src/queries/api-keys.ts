import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApis } from '../api';
import { must } from '../lib/api-call';

/** Query keys of the platform's API keys. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: (prefix: string | undefined, cursor: string | undefined) => [...apiKeyKeys.all, 'list', prefix ?? null, cursor ?? null] as const,
};

/** One keyset page of API keys, optionally by prefix. */
export function useApiKeys(prefix: string | undefined, cursor: string | undefined) {
  const { auth } = useApis();
  return useQuery({
    queryKey: apiKeyKeys.list(prefix, cursor),
    placeholderData: keepPreviousData,
    queryFn: () => must(auth.GET('/v1/api-keys', { params: { query: { prefix, cursor, limit: 25 } } })),
  });
}

/** "Create API key": the answer carries the secret, shown once. */
export function useCreateApiKey() {
  const { auth } = useApis();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => must(auth.POST('/v1/api-keys')),
    onSuccess: () => queries.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

/** Revoke one API key by its prefix. */
export function useRevokeApiKey() {
  const { auth } = useApis();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (prefix: string) => must(auth.DELETE('/v1/api-keys/{prefix}', { params: { path: { prefix } } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
