import type { LoginBody, RegisterBody, User } from '@spotbook/contract';
import { createContext, useContext } from 'react';

/** Spec §4: loading at start, then signed in (user set) or not (user null). */
export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  /** Signs in and sets the user; rejects with an `ApiError`. */
  login(body: LoginBody): Promise<User>;
  /** Creates the account, which also signs it in; rejects with an `ApiError`. */
  register(body: RegisterBody): Promise<User>;
  /** Ends the session, re-checks it with the server and goes to `/`. */
  logout(): Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

/** The signed-in user and the account actions; any component under the router may use it. */
export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth() needs an <AuthProvider> above it.');
  return auth;
}
