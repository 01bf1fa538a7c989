import type { LoginBody, RegisterBody, SessionResponse, User } from '@spotbook/contract';
import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { setAuthRequiredHandler } from '@/lib/api.ts';
import { appConfigQuery } from '@/lib/app-config.ts';
import { login as loginRequest } from './api/login.ts';
import { logout as logoutRequest } from './api/logout.ts';
import { register as registerRequest } from './api/register.ts';
import { SESSION_QUERY_KEY, sessionQuery } from './api/session.ts';
import { AuthContext, type AuthState, type AuthStatus } from './auth-context.ts';

/** Queries that do not depend on who is signed in survive a change of user. */
const USER_INDEPENDENT_KEYS = new Set<unknown>([SESSION_QUERY_KEY[0], appConfigQuery.queryKey[0]]);
const dependsOnUser = (query: Query) => !USER_INDEPENDENT_KEYS.has(query.queryKey[0]);

/**
 * Holds the session (TanStack Query key ['session']) and the account actions. Lives
 * inside the router because logout and the "credentials not provided" rule navigate.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useQuery(sessionQuery);

  const user = session.data?.user ?? null;
  // A failed session check (server unreachable) reads as signed out, never as a blank page.
  const status: AuthStatus = session.isPending ? 'loading' : user ? 'authenticated' : 'anonymous';

  const setUser = useCallback(
    (next: User | null) => {
      queryClient.setQueryData<SessionResponse>(SESSION_QUERY_KEY, { user: next });
      // Another user's (or no user's) data must never show: drop it and refetch what is shown.
      void queryClient.resetQueries({ predicate: dependsOnUser });
    },
    [queryClient],
  );

  // Spec §7: "credentials not provided" means the session is gone; say so and go home.
  // Only the session is updated here: resetting every query would refetch the very
  // call that failed while its page is still mounted, and fail again.
  useEffect(
    () =>
      setAuthRequiredHandler(() => {
        queryClient.setQueryData<SessionResponse>(SESSION_QUERY_KEY, { user: null });
        void navigate('/', { replace: true });
      }),
    [navigate, queryClient],
  );

  const login = useCallback(
    async (body: LoginBody) => {
      const { user: signedIn } = await loginRequest(body);
      setUser(signedIn);
      return signedIn;
    },
    [setUser],
  );

  const register = useCallback(
    async (body: RegisterBody) => {
      const { user: created } = await registerRequest(body);
      setUser(created);
      return created;
    },
    [setUser],
  );

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
    } catch {
      // The session check below tells the truth whether or not the call went through.
    }
    setUser(null);
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    await navigate('/');
  }, [navigate, queryClient, setUser]);

  const value = useMemo<AuthState>(
    () => ({ status, user, login, register, logout }),
    [status, user, login, register, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
