import '@fu/shared/tokens.css';
import '@fu/shared/firstPaint.css';
import { BrowserRouter } from '@fu/shared';
import { App } from './App';
import { startFederation } from './federation/remotes';
import { mountOverFirstPaint } from './firstPaint/takeOver';
import { renderYielding } from './rendering/renderYielding';
import { registerServiceWorker } from './offline/registerServiceWorker';

startFederation();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
mountOverFirstPaint(container, (root) =>
  renderYielding(
    root,
    <BrowserRouter>
      <App />
    </BrowserRouter>,
  ),
);
