// The shell's server build (webpack.common.js createServerConfig): a page's first screen as the
// browser's first render draws it, the shell's layout around the remote's page, rendered with the
// answers the server read for the page's first calls. The API's render worker loads this file once
// and the remotes' server builds take React, the router and @fu/shared from `provides`, so the whole
// page is rendered by one copy of each, as in the browser (server/src/pages/render/renderWorker.ts).
import * as React from 'react';
import type { ComponentType } from 'react';
import * as ReactDOM from 'react-dom';
import { prerenderToNodeStream } from 'react-dom/static';
import * as zustand from 'zustand';
import * as shared from '@fu/shared';
import {
  i18nWith,
  LanguageProvider,
  matchPage,
  ServedAnswersProvider,
  type Catalogs,
  type Language,
  type PageTable,
  type ServedAnswers,
} from '@fu/shared';
import sharedEn from '@fu/shared/i18n/en.json';
import sharedEs from '@fu/shared/i18n/es.json';
import shellEn from '../i18n/en.json';
import shellEs from '../i18n/es.json';
import { StaticRouter } from '@fu/shared/server';
import { App } from '../App';
import { RemoteAppsContext } from '../routing/remoteApps';

/** The modules a remote's server build takes from the shell's: its externals (webpack.common.js). */
export const provides: Readonly<Record<string, unknown>> = {
  react: React,
  'react-dom': ReactDOM,
  zustand,
  '@fu/shared': shared,
};

/** What a remote's server build exports (remote-*\/src/server.ts). */
export interface RemoteServerBuild {
  pages: PageTable;
  App: ComponentType;
  css(): string;
  catalogs: Catalogs;
}

// The loader makes each catalog its compiled messages (scripts/catalogLoader.cjs).
const ownCatalogs = { en: [sharedEn, shellEn], es: [sharedEs, shellEs] } as unknown as Record<
  Language,
  Catalogs['en'][]
>;
const NO_REMOTE = {};
type I18n = ReturnType<typeof i18nWith>;
const instances = new WeakMap<object, Map<Language, I18n>>();

/**
 * The messages of one page: the shell's and @fu/shared's with its remote's release's, one instance
 * per release and language (two releases of a remote, a canary's and the stable one, may word a key apart).
 */
function i18nOfPage(language: Language, remoteCatalogs: Catalogs | undefined): I18n {
  const key = remoteCatalogs ?? NO_REMOTE;
  let byLanguage = instances.get(key);
  if (!byLanguage) instances.set(key, (byLanguage = new Map()));
  let i18n = byLanguage.get(language);
  if (!i18n) {
    i18n = i18nWith(language, ...ownCatalogs[language], ...(remoteCatalogs ? [remoteCatalogs[language]] : []));
    byLanguage.set(language, i18n);
  }
  return i18n;
}

export { matchPage };
// The shell's CSS modules' rules (and @fu/shared's), for the rendered page's head.
export { serverCss as css } from '../../../scripts/serverCss.cjs';

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(typeof part === 'string' ? Buffer.from(part) : (part as Buffer));
  return Buffer.concat(parts).toString('utf8');
}

/**
 * The markup of `#root` for the page at `location` (path and query): the shell's App around the
 * remote's App, every lazy part waited for, with `answers` as the page's first calls' answers.
 * `remoteApp` is undefined for a page of the shell's own (Help, the 404 page).
 */
export async function renderFirstScreen(input: {
  location: string;
  remoteApp: ComponentType | undefined;
  answers: ServedAnswers;
  language: Language;
  /** The remote release's messages (undefined for a page of the shell's, or a release built before them). */
  remoteCatalogs: Catalogs | undefined;
}): Promise<string> {
  const { remoteApp } = input;
  const remoteApps = () => {
    if (!remoteApp) throw new Error(`No remote's server build for ${input.location}`);
    return remoteApp;
  };
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StaticRouter location={input.location}>
      <LanguageProvider language={input.language} i18n={i18nOfPage(input.language, input.remoteCatalogs)}>
        <RemoteAppsContext.Provider value={remoteApps}>
          <ServedAnswersProvider answers={input.answers}>
            <App />
          </ServedAnswersProvider>
        </RemoteAppsContext.Provider>
      </LanguageProvider>
    </StaticRouter>,
    // A part that fails here would be left to the browser to draw, replacing what was served: the
    // page is served with the plain first paint instead, and the error is the operator's to see.
    { onError: (error) => void errors.push(error) },
  );
  const html = await text(prelude);
  if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  return html;
}
