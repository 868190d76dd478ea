// What the API's main thread and its render worker say to each other (renderWorker.ts, firstScreens.ts).
import type { ServedAnswers } from '@fu/shared/pages';
import type { Language } from '@fu/shared/i18n/languages';

/** A page of a release's table, as the server needs it: its first calls' addresses and whether it may read them. */
export interface ReleasePage {
  /** The table's path ('/Order/:fdid') and the path's parameters, as the page reads them. */
  path: string;
  params: Readonly<Record<string, string | undefined>>;
  /** The first calls' addresses on the API's own origin, in order ('/api/Orders/GetQRCode?fdid=…'). */
  calls: string[];
  serverReads: boolean;
  /** False: the page is served with the plain first paint (its first render needs the browser). */
  serverRenders: boolean;
  /** The page shows what belongs to the holder of its secret: never stored. */
  holdersOnly: boolean;
}

/** A rendered first screen: the markup of `#root` and the CSS rules of the modules that drew it. */
export interface RenderedScreen {
  html: string;
  css: string;
}

/** `pin`: the SHA-256 the build's release was promoted with ('none': it had no build); the worker runs no other bytes. */
export type RenderRequest =
  | { id: number; op: 'page'; build: string; pathname: string; pin?: string }
  | {
      id: number;
      op: 'render';
      build: string | undefined;
      location: string;
      answers: ServedAnswers;
      language: Language;
      pin?: string;
    };

export type RenderReply =
  | { id: number; ok: true; page?: ReleasePage | null; screen?: RenderedScreen }
  | { id: number; ok: false; error: string };

/** What the worker is started with. */
export interface RenderWorkerData {
  /** The shell's server build (shell/dist/server/first-screens.cjs). */
  shellBuild: string;
  /** How long a release's server build is used before it is read again (its folder may be rebuilt in place). */
  freshMs: number;
  /** How long one read of a build may take. */
  fetchTimeoutMs: number;
}
