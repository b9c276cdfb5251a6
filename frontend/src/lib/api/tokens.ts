/** Bearer and refresh tokens kept in localStorage under "token" and "refreshToken". */
const TOKEN_KEY = 'token';
const REFRESH_KEY = 'refreshToken';

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(REFRESH_KEY);
}

export function setTokens(pair: { token: string; refreshToken: string }): void {
  localStorage.setItem(TOKEN_KEY, pair.token);
  localStorage.setItem(REFRESH_KEY, pair.refreshToken);
  notify();
}

export function clearTokens(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(REFRESH_KEY);
  notify();
}

/** Subscribes to token changes made by this tab or (through the storage event) by another. */
export function subscribeTokens(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === REFRESH_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
