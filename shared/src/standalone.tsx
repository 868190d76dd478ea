import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from './router';
import { configureApi } from './api/client';
import { fetchRuntimeConfig } from './api/runtimeConfig';
import { PageLanguageProvider, startPageLanguage } from './i18n/pageLanguage';

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
  // The remote's own catalogs registered when its App's module ran; they load for the page's language.
  await startPageLanguage();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <BrowserRouter>
      <PageLanguageProvider>
        <App />
      </PageLanguageProvider>
    </BrowserRouter>,
  );
}
