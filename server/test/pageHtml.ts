// Reading the server's rendered pages in tests: the tags of its head, its inline runtime config.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverBuilds } from '../../scripts/serverBuilds.cjs';
import { unescapeHtml } from '../src/pages/html/escape';
import { SERVER_BUILD_PATH } from '../src/pages/render/firstScreens';

/** A shell page as html-webpack-plugin writes it (minified: unquoted attributes where it can). */
export const BUILT_SHELL_PAGE =
  '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=viewport content="width=device-width,initial-scale=1">' +
  '<meta name=description content="Support a school or team fundraiser: pick a state, a school and a group, then order or donate.">' +
  '<meta name=theme-color content=#112D48><title>Fundraising University</title><link rel=icon href=/favicon.svg?bd0d>' +
  '<script defer src=/main.js?bd0d></script></head><body><div id=root></div></body></html>';

export type Tag = Record<string, string>;

/** Every `<tag …>` of the page with its attributes (quoted or not). */
export function tagsOf(html: string, name: string): Tag[] {
  return [...html.matchAll(new RegExp(`<${name}\\s([^>]*)>`, 'gi'))].map(([, attributes]) => {
    const tag: Tag = {};
    for (const [, key, value = ''] of attributes!.matchAll(/([\w:-]+)(?:=("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
      tag[key!.toLowerCase()] = unescapeHtml(value.replace(/^["']|["']$/g, ''));
    }
    return tag;
  });
}

/** The page's preloads and preconnects: `rel as href [crossorigin]` each, in order. */
export function hintsOf(html: string): string[] {
  return tagsOf(html, 'link')
    .filter((link) => link.rel === 'preload' || link.rel === 'preconnect')
    .map((link) =>
      [link.rel, link.as, link.href, 'crossorigin' in link ? `crossorigin=${link.crossorigin}` : '']
        .filter(Boolean)
        .join(' '),
    );
}

/** The runtime config written into the page, parsed, or undefined when there is none. */
export function inlineConfigOf(html: string): unknown {
  const block = /<script type="application\/json" id="fu-runtime-config">([\s\S]*?)<\/script>/.exec(html);
  return block ? JSON.parse(block[1]!) : undefined;
}

/** The answers the server read for the page's first screen, as its data block holds them. */
export function servedAnswersOf(html: string): unknown {
  const block = /<script type="application\/json" id="fu-served-answers">([\s\S]*?)<\/script>/.exec(html);
  return block ? JSON.parse(block[1]!) : undefined;
}

/** The markup the server rendered into `#root`, or undefined when `#root` is empty (a plain first paint, no render). */
export function renderedRootOf(html: string): string | undefined {
  return /<div id="?root"?>([\s\S]+)<\/div><script type="application\/json" id="fu-served-answers">/.exec(html)?.[1];
}

/** Whether the page is the shell's plain page: its body only the empty `#root` the app draws into. */
export function isPlainPage(html: string): boolean {
  return /<body><div id="?root"?><\/div><\/body>/.test(html);
}

const CHARACTERS: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** What a reader sees of some markup: its words, tags and React's comment markers dropped, entities read. */
export function textOf(markup: string): string {
  return markup
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_entity, name: string) =>
      name.startsWith('#')
        ? String.fromCodePoint(Number(name[1] === 'x' || name[1] === 'X' ? `0${name.slice(1)}` : name.slice(1)))
        : CHARACTERS[name.toLowerCase()]!,
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of each `<hN>` of some markup, in order. */
export function headingsOf(markup: string, level = 1): string[] {
  return [...markup.matchAll(new RegExp(`<h${level}[^>]*>([\\s\\S]*?)<\\/h${level}>`, 'g'))].map((match) =>
    textOf(match[1]!),
  );
}

/** A script the stand-in CDN serves as it is (a remote's server build). */
export class Script {
  constructor(readonly text: string) {}
}

/**
 * A remote's server build written by hand, as its release would serve it: CommonJS that takes React
 * (`h` is its createElement) and @fu/shared from the shell, the only modules the render worker gives it.
 * `source` sets `exports.pages` and `exports.App`.
 */
export function handWrittenServerBuild(source: string): Script {
  return new Script(
    `'use strict';\nconst React = require('react');\nconst h = React.createElement;\nconst shared = require('@fu/shared');\n${source}\n`,
  );
}

/** Each remote's server build, built from this checkout (scripts/serverBuilds.cjs), where the CDN serves the remote at /<name>/. */
export async function serverBuildAnswers(): Promise<Record<string, Script>> {
  const folder = await serverBuilds();
  const remotes = {
    ordering: 'remote-ordering',
    checkout: 'remote-checkout',
    tickets: 'remote-tickets',
    fundraiser: 'remote-fundraiser',
  };
  return Object.fromEntries(
    Object.entries(remotes).map(([name, app]) => [
      `/${name}/${SERVER_BUILD_PATH}`,
      new Script(readFileSync(path.join(folder, app, 'first-screens.cjs'), 'utf8')),
    ]),
  );
}

/** A shell build folder: the built page (BUILT_SHELL_PAGE unless given) and the shell's server build. */
export async function shellDistWithServerBuild(page = BUILT_SHELL_PAGE): Promise<string> {
  const shellDist = mkdtempSync(path.join(tmpdir(), 'fu-shell-'));
  writeFileSync(path.join(shellDist, 'index.html'), page);
  mkdirSync(path.join(shellDist, path.dirname(SERVER_BUILD_PATH)), { recursive: true });
  copyFileSync(path.join(await serverBuilds(), 'shell', 'first-screens.cjs'), path.join(shellDist, SERVER_BUILD_PATH));
  return shellDist;
}

/**
 * A stand-in CDN serving remotes' manifests: `answers` maps a path to a JSON body, a Script, a
 * status code or 'hold' (the request waits until `release()`). Counts the reads of each path.
 */
export async function manifestServer(answers: Record<string, unknown>) {
  const reads = new Map<string, number>();
  const held: { request: http.IncomingMessage; response: http.ServerResponse }[] = [];
  const server = http.createServer((request, response) => {
    const path = request.url ?? '';
    reads.set(path, (reads.get(path) ?? 0) + 1);
    const answer = answers[path];
    if (answer === 'hold') {
      held.push({ request, response });
      return;
    }
    if (answer instanceof Script) {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(answer.text);
      return;
    }
    if (typeof answer === 'number' || answer === undefined) {
      response.writeHead(typeof answer === 'number' ? answer : 404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    reads: (path: string) => reads.get(path) ?? 0,
    held,
    /** Answers every held request with `body`. */
    release(body: unknown) {
      for (const { response } of held.splice(0)) {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const { response } of held.splice(0)) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A remote's manifest as its build writes it, exposing `exposes` (module → its first script files). */
export function manifest(exposes: Record<string, string[]>) {
  return {
    id: 'remote',
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    shared: [],
    exposes: Object.entries(exposes).map(([path, sync]) => ({
      id: `remote:${path.slice(2)}`,
      name: path.slice(2),
      path,
      assets: { js: { sync, async: ['8.00622b32.js'] }, css: { sync: [], async: [] } },
    })),
  };
}

/**
 * The four remotes' releases on a stand-in CDN, each with its server build (its page table), and a
 * shell build folder with the shell's: what a test app needs to know its pages and render them.
 */
export async function releasedRemotes(page = BUILT_SHELL_PAGE) {
  const cdn = await manifestServer(await serverBuildAnswers());
  const at = (name: string) => `http://127.0.0.1:${cdn.port}/${name}/remoteEntry.js`;
  return {
    cdn,
    remotes: {
      ordering: at('ordering'),
      checkout: at('checkout'),
      tickets: at('tickets'),
      fundraiser: at('fundraiser'),
    },
    shellDist: await shellDistWithServerBuild(page),
    /** Long enough for any machine: a page in a test always has its release's answer. */
    firstScreenBudgetMs: 10_000,
  };
}

/** Runs `attempt` until it returns true, pausing `pauseMs` for I/O between tries (at most 1000 tries). */
export async function eventually(attempt: () => Promise<boolean>, what: string, pauseMs = 10) {
  for (let tries = 0; tries < 1000; tries++) {
    if (await attempt()) return;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  assert.fail(`never: ${what}`);
}
