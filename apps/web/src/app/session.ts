import type { TUser } from '@chaupal/contract';
import { useSyncExternalStore } from 'react';

/** SPEC §4: the token and user are kept in local storage; signed in only when both channels are verified. */
/** Also read by the start script (start-script.ts) before any module loads. */
export const TOKEN_KEY = 'chaupal.token';
const TOKEN = TOKEN_KEY;
const USER = 'chaupal.user';

export interface Session {
  token: string;
  user: TUser;
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; session: Session | null } = { raw: null, session: null };

function read(): Session | null {
  const raw = `${localStorage.getItem(TOKEN)}|${localStorage.getItem(USER)}`;
  if (raw === cached.raw) return cached.session;
  let session: Session | null = null;
  try {
    const token = localStorage.getItem(TOKEN);
    const user = JSON.parse(localStorage.getItem(USER) ?? 'null') as TUser | null;
    session = token && user ? { token, user } : null;
  } catch {
    session = null;
  }
  cached = { raw, session };
  return session;
}

const emit = () => {
  for (const l of listeners) l();
};

export function saveSession(token: string, user: TUser) {
  localStorage.setItem(TOKEN, token);
  localStorage.setItem(USER, JSON.stringify(user));
  emit();
}

export function clearSession() {
  localStorage.removeItem(TOKEN);
  localStorage.removeItem(USER);
  emit();
}

export const isVerified = (u: TUser) => u.emailVerified && u.phoneVerified;

/** The signed-in session as the browser holds it now (for effects; components use `useSession`). */
export function currentSession(): Session | null {
  const s = read();
  return s && isVerified(s.user) ? s : null;
}

/** The signed-in session, or null; always null on the server and during hydration, so both render the same. */
export function useSession(): Session | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      const onStorage = () => l();
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(l);
        window.removeEventListener('storage', onStorage);
      };
    },
    currentSession,
    () => null,
  );
}
