// Hands the stores (and the API they use) to every component without globals, so a test can
// render any view with its own fake API.
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { Stores } from './create-stores';

const StoresContext = createContext<Stores | null>(null);

export function StoresProvider({ stores, children }: { stores: Stores; children: ReactNode }) {
  return <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>;
}

export function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('useStores needs a <StoresProvider> above it');
  return stores;
}

/** A slice of one store, re-rendering only when that slice changes. */
export function useSlice<S, T>(pick: (stores: Stores) => StoreApi<S>, select: (state: S) => T): T {
  return useStore(pick(useStores()), select);
}
