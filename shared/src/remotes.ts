// The remotes, for TypeScript callers. The list itself is remotes.json, so that plain .mjs/.cjs
// files (scripts, webpack and jest configs) read the same list without a TypeScript loader.
import list from './remotes.json';

/** A remote's name. A key of remotes.json: TypeScript keeps JSON keys as literals, not its strings. */
export type RemoteName = keyof typeof list.remotes;

export interface Remote {
  name: RemoteName;
  /** Its workspace folder (and npm workspace). */
  folder: string;
  /** The port `npm start` serves its build on and its dev server listens on, unless `portEnv` is set. */
  port: number;
  portEnv: string;
  /** Overrides where the shell loads it from (runtime config), e.g. a versioned CDN folder. */
  urlEnv: string;
  /** The one module it exposes (its own `<Routes>`), and the file in its folder that module is. */
  exposes: string;
  exposedFile: string;
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
