// Renders a piece of the dashboard with fresh stores on a fake API, and cleans up after each test
// (vitest runs without globals, so Testing Library cannot register its own cleanup).
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach } from 'vitest';
import { createStores, type Stores } from '../stores/create-stores';
import type { RunMemory } from '../stores/run-memory';
import { StoresProvider } from '../stores/StoresContext';
import { createFakeApi, type FakeApi } from './fake-api';

afterEach(cleanup);

/** No sessionStorage between tests. */
export const noMemory: RunMemory = { load: () => null, save: () => {}, forget: () => {} };

export function renderWith(ui: ReactNode, api: FakeApi = createFakeApi(), stores?: Stores) {
  const s = stores ?? createStores(api, { memory: noMemory, sleep: async () => {} });
  const user = userEvent.setup();
  const view = render(<StoresProvider stores={s}>{ui}</StoresProvider>);
  return { api, stores: s, user, ...view };
}
