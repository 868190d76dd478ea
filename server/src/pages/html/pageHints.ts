import { exposedModulesFor, type RemoteName } from '@fu/shared/remotes';
import type { ExposedScripts } from './remoteManifests';

/** What a page's HTML tells the browser to fetch before the page's code asks for it. */
export interface PageHints {
  /** Origins to connect to early: the page's remote. */
  preconnect: string[];
  /** The remote's entry, which the federation runtime adds as a plain script (no CORS). */
  entry: string | undefined;
  /** The exposed modules' chunks, which webpack loads with crossorigin="anonymous". */
  chunks: string[];
  /** The page's first API calls, as its code makes them. */
  calls: string[];
}

export interface HintSources {
  /** Where each remote's entry is; a page that loads no remotes has none. */
  remotes: Readonly<Partial<Record<RemoteName, string>>>;
  /** The API's base URL in the runtime config ('' for the page's own origin). */
  apiBaseUrl: string;
  /** The page's own origin: nothing to preconnect to there. */
  ownOrigin: string;
  scriptsOf: (entryUrl: string) => Promise<ExposedScripts | undefined>;
  /** The page's first calls the browser will make (its release's page table), on the API's own origin. */
  calls: readonly string[];
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The hints for the page at `pathname`: its remote's entry and chunks, and its first API calls. */
export async function pageHints(pathname: string, sources: HintSources): Promise<PageHints> {
  const calls = sources.calls.map((call) => sources.apiBaseUrl + call);
  const loads = exposedModulesFor(pathname);
  const entry = loads && sources.remotes[loads.remote];
  const origin = entry && originOf(entry);
  if (!loads || !entry || !origin) return { preconnect: [], entry: undefined, chunks: [], calls };
  const scripts = await sources.scriptsOf(entry);
  return {
    preconnect: origin === sources.ownOrigin ? [] : [origin],
    entry,
    chunks: [...new Set(loads.modules.flatMap((module) => scripts?.get(module) ?? []))],
    calls,
  };
}
