import { BrowserRouter } from '@fu/shared';
import { App } from './App';
import { startErrorReports } from './federation/errorReports';
import { startFederation } from './federation/remotes';
import { mountOverFirstPaint } from './firstPaint/takeOver';
import { renderYielding } from './rendering/renderYielding';
import { registerServiceWorker } from './offline/registerServiceWorker';
import { ensureGlobalStyles } from './styles/ensureGlobalStyles';

startFederation();
// Errors go to /api/Logger/Log/ with the remote and release they came from (after the runtime config names them).
startErrorReports(window, { runtimeConfig: startFederation });
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
// Styles that fail to load leave the page unstyled, not blank.
void ensureGlobalStyles()
  .catch(() => undefined)
  .then(() =>
    mountOverFirstPaint(container, (root) =>
      renderYielding(
        root,
        <BrowserRouter>
          <App />
        </BrowserRouter>,
      ),
    ),
  );
