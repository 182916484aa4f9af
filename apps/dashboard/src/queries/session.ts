import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Session, SESSION_KEY, useApis } from '../api';

/** The session (GET /v1/auth/session): null when signed out (401). Kept until a 401 or sign-out sets it. */
export function useSession() {
  const { auth } = useApis();
  return useQuery({
    queryKey: SESSION_KEY,
    staleTime: Infinity,
    queryFn: async (): Promise<Session | null> => {
      const { data, response } = await auth.GET('/v1/auth/session');
      if (response.status === 401) return null;
      if (!data) throw new Error(`HTTP ${response.status}`);
      return data;
    },
  });
}

/** Sign out: nothing of this platform stays cached (the session query, observed by App, is set to null, not removed). */
export function useSignOut() {
  const { auth } = useApis();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async () => void (await auth.POST('/v1/auth/logout')),
    onSettled: () => {
      queries.setQueryData(SESSION_KEY, null);
      queries.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
    },
  });
}

/** "Stay signed in": any authenticated answer slides the session (IdleWarning). */
export function useKeepAlive() {
  const { auth } = useApis();
  return () => void auth.GET('/v1/auth/session');
}
