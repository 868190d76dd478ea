import { readFileSync, statSync } from 'node:fs';
import { unescapeHtml } from './escape';

/**
 * The built shell page (shell/dist/index.html) cut where the server writes each request's own head:
 * everything before `</head>` without the build's `<title>` and description (a page's own take
 * their place; the build's are its defaults), and the rest.
 */
export interface ShellTemplate {
  head: string;
  rest: string;
  title: string;
  description: string;
  /**
   * False for a page built as one app that loads no remotes (`<meta name="fu-loads-remotes"
   * content="no">`, the bench's peer): nothing of a remote is hinted to it.
   */
  loadsRemotes: boolean;
}

const TITLE = /<title>([\s\S]*?)<\/title>/i;
// html-webpack-plugin minifies attributes, so quotes may be gone where a value has no space.
const DESCRIPTION = /<meta\s+name=(["']?)description\1\s+content=("[^"]*"|'[^']*'|[^\s>]*)[^>]*>/i;

const LOADS_NO_REMOTES = /<meta\s+name=(["']?)fu-loads-remotes\1\s+content=(["']?)no\2[\s/>]/i;

const unquote = (value: string) => value.replace(/^(["'])([\s\S]*)\1$/, '$2');

/** The template of a shell page, or undefined when it has no `</head>` to write into. */
export function parseShellTemplate(html: string): ShellTemplate | undefined {
  const end = html.search(/<\/head>/i);
  if (end < 0) return undefined;
  const head = html.slice(0, end);
  return {
    head: head.replace(TITLE, '').replace(DESCRIPTION, ''),
    rest: html.slice(end),
    title: unescapeHtml(TITLE.exec(head)?.[1] ?? '').trim(),
    description: unescapeHtml(unquote(DESCRIPTION.exec(head)?.[2] ?? '')),
    loadsRemotes: !LOADS_NO_REMOTES.test(head),
  };
}

/** The shell page as built, and its template when it has one. */
export interface ShellPageFile {
  html: string;
  template: ShellTemplate | undefined;
}

/**
 * The page file, read again whenever it changes (a new shell build), so the page always names the
 * main.js beside it. Undefined while there is no file.
 */
export function shellPageFile(file: string): () => ShellPageFile | undefined {
  let read: { mtimeMs: number; size: number; page: ShellPageFile } | undefined;
  return () => {
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return undefined;
    }
    if (!read || read.mtimeMs !== stat.mtimeMs || read.size !== stat.size) {
      const html = readFileSync(file, 'utf8');
      read = { mtimeMs: stat.mtimeMs, size: stat.size, page: { html, template: parseShellTemplate(html) } };
    }
    return read.page;
  };
}
