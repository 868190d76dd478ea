// What the server reads of each remote's mf-manifest.json (written by its build beside its
// remoteEntry.js): the script files of each module it exposes, to preload them in a page's HTML.
// Read over HTTP from wherever the remote is deployed, kept briefly, and never waited on for long:
// a missing, failed or slow read only means a page without chunk hints.

/** Each exposed module ('./App') with the absolute URLs of the scripts it loads first, in order. */
export type ExposedScripts = ReadonlyMap<string, readonly string[]>;

// A chunk file as webpack names it: a plain relative path, no scheme, no '..', no query.
const CHUNK_FILE = /^(?!.*\.\.)[\w@~-][\w.@~/-]*\.js$/;

/** The scripts of every exposed module of a manifest, resolved against where it was read from. */
export function exposedScripts(manifest: unknown, manifestUrl: string): ExposedScripts {
  const scripts = new Map<string, string[]>();
  const { exposes, metaData } = (manifest ?? {}) as { exposes?: unknown; metaData?: { publicPath?: unknown } };
  if (!Array.isArray(exposes)) throw new Error(`${manifestUrl} lists no exposes`);
  // publicPath 'auto' (ours): the files sit beside the entry, so beside the manifest.
  const publicPath = metaData?.publicPath;
  const base = typeof publicPath === 'string' && /^https?:\/\//.test(publicPath) ? publicPath : manifestUrl;
  const origin = new URL(base).origin;
  for (const expose of exposes as { path?: unknown; assets?: { js?: { sync?: unknown } } }[]) {
    const files = expose?.assets?.js?.sync;
    if (typeof expose?.path !== 'string' || !Array.isArray(files)) continue;
    const urls = files
      .filter((file): file is string => typeof file === 'string' && CHUNK_FILE.test(file))
      .map((file) => new URL(file, base))
      .filter((url) => url.origin === origin)
      .map((url) => url.href);
    scripts.set(expose.path, urls);
  }
  return scripts;
}

/** Where a remote's manifest is: beside its entry file. Undefined for an entry URL that is not http(s). */
export function manifestUrlOf(entryUrl: string): string | undefined {
  return besideEntry('mf-manifest.json', entryUrl);
}

/** The http(s) address of a release's `file`, beside its remote entry; undefined for any other URL. */
export function besideEntry(file: string, entryUrl: string): string | undefined {
  try {
    const url = new URL(file, entryUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export interface ManifestCacheOptions {
  fetch?: typeof globalThis.fetch;
  /** How long a read answers without being read again (30 s). After that the last answer is still
   * given at once while a new read runs (stale hints are harmless: the browser fetches what the page
   * really needs). A failed read keeps the last answer and is tried again after the same time. */
  freshMs?: number;
  /** How long a page waits for a remote's very first read (250 ms); after that it goes without hints. */
  firstReadMs?: number;
  /** How long one read may take before it is given up (5 s). */
  timeoutMs?: number;
  now?: () => number;
  /** A remote's reads started failing, or fail for another reason than before (not every retry:
   * a remote down for an hour is one line, not 120). */
  onError?: (manifestUrl: string, error: unknown) => void;
  /** A remote whose reads failed answers again. */
  onRecovered?: (manifestUrl: string) => void;
}

interface Entry {
  scripts: ExposedScripts | undefined;
  readAt: number | undefined;
  reading: Promise<void> | undefined;
  /** Why the last read failed; undefined after a good read. */
  failure: string | undefined;
}

const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** The remotes' manifests, read through a short-lived cache keyed by manifest URL. */
export function remoteManifests(options: ManifestCacheOptions = {}) {
  const {
    fetch = globalThis.fetch,
    freshMs = 30_000,
    firstReadMs = 250,
    timeoutMs = 5_000,
    now = Date.now,
    onError = () => {},
    onRecovered = () => {},
  } = options;
  const entries = new Map<string, Entry>();

  async function read(url: string): Promise<ExposedScripts> {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return exposedScripts(await response.json(), url);
  }

  function refresh(url: string, entry: Entry): Promise<void> {
    entry.reading ??= read(url)
      .then(
        (scripts) => {
          entry.scripts = scripts;
          if (entry.failure !== undefined) onRecovered(url);
          entry.failure = undefined;
        },
        (error: unknown) => {
          const failure = error instanceof Error ? error.message : String(error);
          if (failure !== entry.failure) onError(url, error);
          entry.failure = failure;
        },
      )
      .finally(() => {
        entry.readAt = now();
        entry.reading = undefined;
      });
    return entry.reading;
  }

  return {
    /** The exposed modules' scripts of the remote whose entry is at `entryUrl`, if known in time. */
    async scriptsOf(entryUrl: string): Promise<ExposedScripts | undefined> {
      const url = manifestUrlOf(entryUrl);
      if (!url) return undefined;
      let entry = entries.get(url);
      if (!entry)
        entries.set(url, (entry = { scripts: undefined, readAt: undefined, reading: undefined, failure: undefined }));
      if (entry.readAt === undefined) {
        await Promise.race([refresh(url, entry), pause(firstReadMs)]);
      } else if (now() - entry.readAt >= freshMs) {
        void refresh(url, entry);
      }
      return entry.scripts;
    },
  };
}

export type RemoteManifests = ReturnType<typeof remoteManifests>;
