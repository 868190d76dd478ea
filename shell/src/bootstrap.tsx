import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter, PageLanguageProvider, servedAnswersIn, startPageLanguage } from '@fu/shared';
import './i18n';
import { App } from './App';
import { startErrorReports } from './federation/errorReports';
import { lazyRemoteApp } from './federation/lazyRemoteApp';
import { startFederation } from './federation/remotes';
import { FirstLocationAnswers } from './rendering/FirstLocationAnswers';
import { renderYielding } from './rendering/renderYielding';
import { keepServedAnswersForOffline } from './offline/keepServedAnswersForOffline';
import { registerServiceWorker } from './offline/registerServiceWorker';
import { RemoteAppsContext } from './routing/remoteApps';
import { ensureGlobalStyles } from './styles/ensureGlobalStyles';

startFederation();
// Errors go to /api/Logger/Log/ with the remote and release they came from (after the runtime config names them).
startErrorReports(window, { runtimeConfig: startFederation });
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
// The server rendered this page's first screen from the remotes' own components (with the answers
// it read): React takes over that markup as it is, the remote's part once its code has arrived.
const served = servedAnswersIn(document);
// Styles that fail to load leave the page unstyled, not blank.
// The page's language (the one the server rendered it in) and its catalogs, before React draws.
const language = startPageLanguage().catch(() => undefined);
void Promise.all([ensureGlobalStyles().catch(() => undefined), language]).then(() => {
  if (served) {
    void startFederation()
      .then((runtime) => keepServedAnswersForOffline(served, runtime.apiBaseUrl))
      .catch(() => undefined);
    startTransition(() => {
      hydrateRoot(
        container,
        <BrowserRouter>
          <PageLanguageProvider>
            <RemoteAppsContext.Provider value={(remote, fresh) => lazyRemoteApp(remote, fresh, true)}>
              <FirstLocationAnswers answers={served}>
                <App />
              </FirstLocationAnswers>
            </RemoteAppsContext.Provider>
          </PageLanguageProvider>
        </BrowserRouter>,
      );
    });
    return;
  }
  // A page the server did not render (its release could not in time, the dev server's, the offline copy).
  renderYielding(
    container,
    <BrowserRouter>
      <PageLanguageProvider>
        <RemoteAppsContext.Provider value={lazyRemoteApp}>
          <App />
        </RemoteAppsContext.Provider>
      </PageLanguageProvider>
    </BrowserRouter>,
  );
});
