import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { useAsync } from './useAsync';

// The spinner's minimum time is not what this test is about: the load settles at once.
jest.mock('../ui/Spinner', () => ({
  ...jest.requireActual<object>('../ui/Spinner'),
  atLeast: <T,>(work: Promise<T>) => work,
}));

// React yields when its slice (5 ms of performance.now) is used up: each Row takes 10 ms of a clock
// this test moves itself, so whether React gave the thread back does not depend on this machine.
let now = 0;
beforeEach(() => {
  now = 0;
  jest.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

function Row({ n }: { n: number }) {
  now += 10;
  return <li>{n}</li>;
}

let loads = 0;
function Page() {
  const state = useAsync(() => {
    loads++;
    return Promise.resolve(Array.from({ length: 20 }, (_, n) => n));
  }, []);
  if (state.status !== 'success') return <p>loading</p>;
  return (
    <ul>
      {state.data.map((n) => (
        <Row key={n} n={n} />
      ))}
    </ul>
  );
}

const flushMicrotasks = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
// React's scheduler posts its tasks with setTimeout in jsdom: one queued after React's runs after it.
const nextMacrotask = () => new Promise((resolve) => setTimeout(resolve, 0));

it('renders the loaded page in slices, giving the main thread back in between', async () => {
  const container = document.createElement('div');
  const root = createRoot(container);
  flushSync(() => root.render(<Page />));
  expect(container.textContent).toBe('loading');

  // The load settles and React schedules its render; a task queued behind React's first one sees
  // nothing committed: React rendered a row, then yielded.
  await flushMicrotasks();
  expect(loads).toBe(1);
  await nextMacrotask();
  expect(container.textContent).toBe('loading');

  for (let tasks = 0; tasks < 100 && !container.querySelector('li'); tasks++) await nextMacrotask();
  expect(container.querySelectorAll('li')).toHaveLength(20);
  root.unmount();
});
