import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { mountbench } from './api';
import { App } from './App';
import { createStores, LIVE_COALESCE_MS } from './stores/create-stores';
import { StoresProvider } from './stores/StoresContext';
import './styles/theme.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/verdict.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <StoresProvider stores={createStores(mountbench, { coalesceMs: LIVE_COALESCE_MS })}>
      <App />
    </StoresProvider>
  </StrictMode>,
);
