// Which components React renders for one action, read the way React DevTools reads it: react-dom
// calls the DevTools global hook on every commit with the committed fiber tree. Import this module
// before anything that loads react-dom (it installs the hook react-dom looks for when it loads).

interface Fiber {
  tag: number;
  type: unknown;
  flags: number;
  memoizedProps: unknown;
  memoizedState: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
}

// React's fiber tags for function components, forwardRef and memo(function) (react-reconciler's
// ReactWorkTags), and its flag for a fiber whose function ran in this render (PerformedWork).
const FUNCTION_COMPONENT = 0;
const FORWARD_REF = 11;
const SIMPLE_MEMO_COMPONENT = 15;
const PERFORMED_WORK = 1;

type Named = { displayName?: string; name?: string; render?: Named };

function nameOf(fiber: Fiber): string | undefined {
  const type = (fiber.tag === FORWARD_REF ? (fiber.type as Named).render : fiber.type) as Named | undefined;
  return type?.displayName || type?.name || undefined;
}

// A component keeps its flags (and its props and hook state) from its last render while React skips
// it, so a render is a flagged fiber whose props or hook state are not what the last commit had.
const lastSeen = new WeakMap<Fiber, { props: unknown; state: unknown }>();

function renderedIn(root: Fiber | null, names: string[]) {
  for (let fiber = root; fiber; fiber = fiber.sibling) {
    if ([FUNCTION_COMPONENT, FORWARD_REF, SIMPLE_MEMO_COMPONENT].includes(fiber.tag)) {
      const before = lastSeen.get(fiber) ?? (fiber.alternate ? lastSeen.get(fiber.alternate) : undefined);
      const changed = !before || before.props !== fiber.memoizedProps || before.state !== fiber.memoizedState;
      const name = nameOf(fiber);
      if (changed && fiber.flags & PERFORMED_WORK && name) names.push(name);
      const seen = { props: fiber.memoizedProps, state: fiber.memoizedState };
      lastSeen.set(fiber, seen);
      if (fiber.alternate) lastSeen.set(fiber.alternate, seen);
    }
    renderedIn(fiber.child, names);
  }
}

let recording: string[][] | undefined;
// Every commit is walked, recorded or not, so that what a later action renders is told apart.
const hook = {
  supportsFiber: true,
  isDisabled: false,
  renderers: new Map(),
  inject: () => 1,
  checkDCE: () => undefined,
  onScheduleFiberRoot: () => undefined,
  onCommitFiberUnmount: () => undefined,
  onPostCommitFiberRoot: () => undefined,
  onCommitFiberRoot(_renderer: number, root: { current: Fiber }) {
    const names: string[] = [];
    renderedIn(root.current.child, names);
    recording?.push(names.sort());
  },
};

const global = globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };
if (global.__REACT_DEVTOOLS_GLOBAL_HOOK__) throw new Error('import renderedComponents before react-dom');
global.__REACT_DEVTOOLS_GLOBAL_HOOK__ = hook;

/** The components each commit rendered while `action` ran (React Testing Library flushes its work). */
export function commitsBy(action: () => void): string[][] {
  recording = [];
  try {
    action();
    return recording;
  } finally {
    recording = undefined;
  }
}

/** The components rendered while `action` ran, in all its commits, sorted. */
export function componentsRenderedBy(action: () => void): string[] {
  return commitsBy(action).flat().sort();
}
