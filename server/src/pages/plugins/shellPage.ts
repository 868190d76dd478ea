import path from 'node:path';
import type { Language } from '@fu/shared/i18n/languages';
import { languageChosenIn, rememberLanguage } from '../../platform/http/languageChoice';
import { requestLanguage } from '../../platform/http/requestLanguage';
import { translatorFor } from '../../platform/i18n/translate';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ServedAnswers } from '@fu/shared/pages';
import { remoteForPath } from '@fu/shared/remotes';
import type { Config } from '../../platform/config/config';
import { DEFAULT_FIRST_SCREEN_BUDGET_MS } from '../../platform/config/env/schema';
import { globalStyles } from '../html/globalStyles';
import { DEFAULT_PREVIEW_IMAGE } from '../html/metaTags';
import { pageHints } from '../html/pageHints';
import { remoteManifests } from '../html/remoteManifests';
import { renderPage, type RenderedPage } from '../html/renderPage';
import { shellPageFile } from '../html/shellTemplate';
import { firstScreens, serverBuildUrl, type ReleasePage } from '../render/firstScreens';
import type { ServedReleases } from '../../releases/services/releases';
import { runtimeConfig } from '../runtimeConfig';
import { linkPreviews } from '../services/linkPreviews';

/** The page's public address: always on the site's origin, whatever the path holds ('//elsewhere'). */
function pageUrl(site: URL, pathname: string): string {
  try {
    return new URL(`${site.origin}${pathname}`).href;
  } catch {
    return site.href;
  }
}

/**
 * How long a page waits for its release's page table when first screens are not rendered
 * (FIRST_SCREEN_BUDGET_MS=0): the render's default budget, since the table is read by the same worker.
 */
const PAGE_TABLE_BUDGET_MS = DEFAULT_FIRST_SCREEN_BUDGET_MS;

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a page route with the shell's page written for it (pages/html/renderPage.ts). */
    sendShellPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}

/** A page of the live (or this browser's canary) release, and where that release's server build is. */
interface KnownPage {
  build: string;
  /** The SHA-256 the release's server build was promoted with (the registry's pin), if it has one. */
  pin: string | undefined;
  page: ReleasePage | null;
}

/**
 * The shell's page per request: the runtime config inline, hints for the route's remote and first
 * calls, the page's own link preview, and its first screen as its release renders it (pages/), with
 * the answers it was rendered with. A page its release cannot render in time is the shell's plain
 * page, which the app draws.
 */
export default fp(async function shellPage(app: FastifyInstance, options: { config: Config }) {
  const { config } = options;
  const pageFile = shellPageFile(path.join(config.shellDist, 'index.html'));
  const manifests = remoteManifests({
    onError: (url, error) =>
      app.log.warn(`No chunk hints from ${url} until it answers: ${error instanceof Error ? error.message : error}`),
    onRecovered: (url) => app.log.info(`Chunk hints from ${url} again`),
  });
  const previews = linkPreviews(app.repositories.linkPreviews, { publicUrl: config.publicUrl });
  const styles = globalStyles();
  const site = new URL(config.publicUrl);
  const defaultImage = new URL(DEFAULT_PREVIEW_IMAGE, site).href;
  // FIRST_SCREEN_BUDGET_MS=0 turns the render off, not the release's page table: it still says which
  // page a path is (its first calls' preloads, its link preview), asked within the default budget.
  const renders = config.firstScreenBudgetMs > 0;
  const screens = firstScreens({
    shellDist: config.shellDist,
    budgetMs: renders ? config.firstScreenBudgetMs : PAGE_TABLE_BUDGET_MS,
    onProblem: (message) => app.log.warn(message),
  });
  app.addHook('onReady', async () => screens.warm());
  app.addHook('onClose', async () => screens.close());

  /**
   * The answers to the page's first calls, read as the page's own calls would be (the same routes,
   * the request's cookies and client address, so the same owner checks and rate limits): only
   * successful ones; for any other the app asks again and shows what the API says.
   */
  async function readAnswers(
    request: FastifyRequest,
    calls: readonly string[],
    language: Language,
  ): Promise<ServedAnswers> {
    const responses = await Promise.all(
      calls.map((url) =>
        app.inject({
          method: 'GET',
          url,
          remoteAddress: request.ip,
          headers: {
            cookie: request.headers.cookie ?? '',
            'user-agent': request.headers['user-agent'] ?? '',
            // Answered in the page's language, as the page's own calls are.
            'accept-language': language,
          },
        }),
      ),
    );
    const answers: Record<string, { status: number; data: unknown }> = {};
    for (const [index, response] of responses.entries()) {
      if (response.statusCode >= 200 && response.statusCode < 300) {
        answers[calls[index]!] = { status: response.statusCode, data: response.json() };
      }
    }
    return answers;
  }

  /** The page of the path's release, from its server build; undefined when unknown in time. */
  async function releasePageOf(pathname: string, releases: ServedReleases): Promise<KnownPage | undefined> {
    const remote = remoteForPath(pathname);
    const entry = remote && releases.remotes[remote];
    const build = entry ? serverBuildUrl(entry) : undefined;
    if (!remote || !build) return undefined;
    const pin = releases.serverBuildPins[remote];
    const page = await screens.pageOf(build, pathname, pin);
    return page === undefined ? undefined : { build, pin, page };
  }

  /** The first screen the release renders with the answers read for it; undefined when it could not in time. */
  async function renderedScreen(
    request: FastifyRequest,
    known: KnownPage,
    language: Language,
  ): Promise<RenderedPage | undefined> {
    const { page } = known;
    if (!renders || (page && !page.serverRenders)) return undefined;
    const answers = page?.serverReads ? await readAnswers(request, page.calls, language) : {};
    const screen = await screens.render(known.build, request.url, answers, language, known.pin);
    return screen && { ...screen, answers };
  }

  app.decorate('sendShellPage', async (request: FastifyRequest, reply: FastifyReply) => {
    const page = pageFile();
    if (!page) return reply.code(404).send({ message: 'The site is not built: run `npm run build`.' });
    // The footer's switch without scripts: the choice remembered, the page sent again in it.
    const chosen = languageChosenIn(request.url);
    if (chosen) {
      rememberLanguage(request, reply, chosen.language, config.publicUrl);
      return reply.header('Cache-Control', 'no-store').redirect(chosen.location, 303);
    }
    reply.header('Cache-Control', 'private, no-cache').type('text/html; charset=utf-8');
    // The page is in the reader's language: the switch's cookie, else the browser's (docs/i18n.md).
    const language = requestLanguage(request);
    const translate = translatorFor(language);
    reply.header('Vary', 'Accept-Language, Cookie');
    if (!page.template) return reply.send(page.html);
    const pathname = request.url.split('?')[0] ?? '/';
    const { template } = page;
    // The releases, the page, its answers and render, and the preview are read side by side: a slow
    // database costs a page one wait, not one per read.
    const releases = reply.servedReleases();
    const served = releases.then((given) => runtimeConfig(config, given));
    // The release's page table names the page's first calls, whichever way the browser build is made.
    const release = releases.then((given) => releasePageOf(pathname, given));
    // The release renders the page's first screen in the shell's layout (a build made as one app has
    // another): a page it cannot render is the plain page.
    const rendered = release
      .then((known) => (known && template.loadsRemotes ? renderedScreen(request, known, language) : undefined))
      .catch((error: unknown) => {
        request.log.warn({ err: error }, 'No first screen for this page');
        return undefined;
      });
    const pageHinted = Promise.all([served, release, rendered]).then(([runtime, known, screen]) =>
      pageHints(pathname, {
        remotes: template.loadsRemotes ? runtime.remotes : {},
        apiBaseUrl: runtime.apiBaseUrl,
        ownOrigin: site.origin,
        scriptsOf: manifests.scriptsOf,
        // Calls whose answers are in the page are not made again: no preload for them.
        calls: (known?.page?.calls ?? []).filter((call) => !screen?.answers[call]),
      }),
    );
    const preview = release.then((known) =>
      // A preview that cannot be read (the database down) leaves the page its generic one.
      (known?.page ? previews.previewOf(known.page, translate) : Promise.resolve(undefined)).catch((error: unknown) => {
        request.log.warn({ err: error }, 'No link preview for this page');
        return undefined;
      }),
    );
    const [runtime, hints, ownPreview, screen, known] = await Promise.all([
      served,
      pageHinted,
      preview,
      rendered,
      release,
    ]);
    // A student's page shows the student's names to its guid's holder, a checkout its order to the
    // browser that owns it (their page tables say so): stored nowhere, as GetMyFundraiser's and
    // GetOrder's answers are not. Other pages are private too (who sees what may change).
    if (known?.page?.holdersOnly) reply.header('Cache-Control', 'private, no-store');
    const url = pageUrl(site, pathname);
    return reply.send(
      renderPage(template, {
        hints,
        runtimeConfig: runtime,
        url,
        defaultImage,
        preview: ownPreview,
        style: styles,
        rendered: screen,
        language,
        // The build's own sentence is English; a catalog has it in Spanish under that text.
        siteDescription: translate(template.description),
      }),
    );
  });
});
