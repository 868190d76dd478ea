import { PageRoutes } from '@fu/shared';
import { pages } from './pages';
import './i18n';

/** Ordering routes, relative to wherever the shell mounts this remote: its page table's. */
export function App() {
  return <PageRoutes pages={pages} />;
}

export default App;
