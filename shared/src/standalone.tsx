import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from './router';
import { configureApi } from './api/client';
import { fetchRuntimeConfig } from './api/runtimeConfig';

/**
 * Mounts a remote on its own (its dev server, or a team checking its build alone), with its own
 * router. Inside the shell this never runs: the shell renders the remote's exposed App.
 */
export async function mountStandalone(App: ComponentType): Promise<void> {
  try {
    configureApi({ baseURL: (await fetchRuntimeConfig()).apiBaseUrl });
  } catch {
    configureApi({ baseURL: '' });
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <BrowserRouter>
      <App />
    </BrowserRouter>,
  );
}
