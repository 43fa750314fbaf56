// The OS light/dark setting, live: CSS follows it through prefers-color-scheme, and charts (which
// take colours as props) follow it through this hook.
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const media = matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function isDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(QUERY).matches;
}

export function useColorScheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribe, isDark, () => false) ? 'dark' : 'light';
}
