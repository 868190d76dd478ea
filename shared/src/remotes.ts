// The remotes, for TypeScript callers. The list itself is remotes.json, so that plain .mjs/.cjs
// files (scripts, webpack and jest configs) read the same list without a TypeScript loader.
import list from './remotes.json';

/** A remote's name. A key of remotes.json: TypeScript keeps JSON keys as literals, not its strings. */
export type RemoteName = keyof typeof list.remotes;

/**
 * A page the remote's App loads lazily, exposed as a module of its own too, in the same chunk (the
 * App's import names the chunk webpack gives the exposed module), so that the server can read its
 * files from the remote's manifest and hint them in the HTML of the page's routes.
 */
export interface LazyPage {
  /** The file in the remote's folder (the module the App imports lazily). */
  file: string;
  /** The spec paths that show it: a path whose first segment is one of these, in any case. */
  routes: readonly string[];
}

export interface Remote {
  name: RemoteName;
  /** Its workspace folder (and npm workspace). */
  folder: string;
  /** The port `npm start` serves its build on and its dev server listens on, unless `portEnv` is set. */
  port: number;
  portEnv: string;
  /** Overrides where the shell loads it from (runtime config), e.g. a versioned CDN folder. */
  urlEnv: string;
  /** The module the shell loads (its own `<Routes>`), and the file in its folder that module is. */
  exposes: string;
  exposedFile: string;
  /** Lazily loaded pages it also exposes, by exposed name ('./OrderPage'). */
  lazyPages?: Readonly<Record<string, LazyPage>>;
  /** The spec paths it serves; the shell's route table sends every path starting with one to it. */
  routes: readonly string[];
}

/** The file a remote's build starts from, which the shell registers it by. */
export const remoteEntryFile: string = list.entryFile;

export const remotes: readonly Remote[] = (Object.keys(list.remotes) as RemoteName[]).map((name) => ({
  name,
  ...list.remotes[name],
}));

/** What the federation runtime's `loadRemote` asks for to get a remote's exposed module: 'ordering/App'. */
export function exposedModule(name: RemoteName): string {
  return `${name}/${list.remotes[name].exposes.replace(/^\.\//, '')}`;
}

/** A path's first segment, lower-cased: what the route table matches on ('' for '/'). */
export function firstSegment(pathname: string): string {
  return (pathname.split('/').find((segment) => segment !== '') ?? '').toLowerCase();
}

/** Spec §2 Layout: every page shows the site's header except the order pages and Help. */
export function showsHeader(pathname: string): boolean {
  const segment = firstSegment(pathname);
  return segment !== 'order' && segment !== 'help';
}

/**
 * The route table: the first path segment of every spec route (§2) a remote serves, lower-cased,
 * mapped to that remote. Matching is case-insensitive because the spec links both /Checkout and
 * /checkout. Each remote's own <Routes> matches the rest.
 */
const routeTable: ReadonlyMap<string, RemoteName> = new Map(
  remotes.flatMap((remote) => remote.routes.map((route) => [firstSegment(route), remote.name] as const)),
);

/** The remote that draws the page at `pathname`, or undefined (the shell's own pages and its 404). */
export function remoteForPath(pathname: string): RemoteName | undefined {
  return routeTable.get(firstSegment(pathname));
}

/**
 * The modules the page at `pathname` loads from its remote, in order: the remote's App, then any
 * lazy page of the path ('./App', './OrderPage'). Empty for a page no remote draws.
 */
export function exposedModulesFor(pathname: string): { remote: RemoteName; modules: string[] } | undefined {
  const remote = remotes.find((candidate) => candidate.name === remoteForPath(pathname));
  if (!remote) return undefined;
  const segment = firstSegment(pathname);
  const lazy = Object.entries(remote.lazyPages ?? {})
    .filter(([, page]) => page.routes.some((route) => firstSegment(route) === segment))
    .map(([name]) => name);
  return { remote: remote.name, modules: [remote.exposes, ...lazy] };
}
