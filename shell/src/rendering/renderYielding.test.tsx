import { renderYielding } from './renderYielding';

// React yields when its slice (5 ms of performance.now) is used up: each Slow component takes 10 ms
// of a clock this test moves itself, so whether React gave the thread back does not depend on how
// fast this machine is.
let now = 0;
beforeEach(() => {
  now = 0;
  jest.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

function Slow({ n }: { n: number }) {
  now += 10;
  return <li>{n}</li>;
}

// React's scheduler posts its tasks with setTimeout here (jsdom has no setImmediate nor MessageChannel),
// so a setTimeout queued after it runs after it, in order.
const nextMacrotask = () => new Promise((resolve) => setTimeout(resolve, 0));

it('runs where React schedules with setTimeout', () => {
  expect(typeof setImmediate).toBe('undefined');
  expect(typeof MessageChannel).toBe('undefined');
});

it('gives the main thread back during the first render, then commits the whole page', async () => {
  const container = document.createElement('div');
  const items = Array.from({ length: 20 }, (_, n) => <Slow key={n} n={n} />);
  const root = renderYielding(container, <ul>{items}</ul>);

  // React schedules its work from a microtask: let it, then queue a task behind React's. That task
  // runs before React has finished: it yielded after its first slice.
  await Promise.resolve();
  await nextMacrotask();
  expect(container.querySelectorAll('li')).toHaveLength(0);

  for (let tasks = 0; tasks < 100 && container.querySelectorAll('li').length === 0; tasks++) await nextMacrotask();
  expect(container.querySelectorAll('li')).toHaveLength(20);
  root.unmount();
});
