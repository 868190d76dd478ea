import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { firstPaintMarkup, firstPaintStyle, type FirstContent } from '../../html/firstPaint';
import { DEFAULT_PREVIEW_IMAGE } from '../../html/metaTags';
import { pageHints } from '../../html/pageHints';
import { remoteManifests } from '../../html/remoteManifests';
import { renderPage } from '../../html/renderPage';
import { shellPageFile } from '../../html/shellTemplate';
import { deviceRepository } from '../../repositories/devices';
import { fundraiserRepository } from '../../repositories/fundraisers';
import { linkPreviewRepository } from '../../repositories/linkPreviews';
import { orderRepository } from '../../repositories/orders';
import { runtimeConfig } from '../../runtimeConfig';
import { firstPaintContent, paintsHoldersData } from '../../services/firstPaint';
import { linkPreviews } from '../../services/linkPreviews';
import { orderViews } from '../../services/orderViews';
import { ticketWallet } from '../../services/ticketWallet';
import { HttpError } from '../../errors';
import { firstScreens, serverBuildUrl, type ReleasePage } from '../../pages/firstScreens';
import { remoteForPath } from '@fu/shared/remotes';
import type { ServedAnswers } from '@fu/shared/pages';

/** The page's public address: always on the site's origin, whatever the path holds ('//elsewhere'). */
function pageUrl(site: URL, pathname: string): string {
  try {
    return new URL(`${site.origin}${pathname}`).href;
  } catch {
    return site.href;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a page route with the shell's page written for it (html/renderPage.ts). */
    sendShellPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}

/**
 * The shell's page per request: the runtime config inline, hints for the route's remote and first
 * calls, the page's own link preview, and its first paint (chrome, heading and first content).
 */
export default fp(async function shellPage(
  app: FastifyInstance,
  options: { config: Config; links: { gatewayUrl: string; appSiteUrl: string } },
) {
  const { config } = options;
  const pageFile = shellPageFile(path.join(config.shellDist, 'index.html'));
  const manifests = remoteManifests({
    onError: (url, error) =>
      app.log.warn(`No chunk hints from ${url} until it answers: ${error instanceof Error ? error.message : error}`),
    onRecovered: (url) => app.log.info(`Chunk hints from ${url} again`),
  });
  const previews = linkPreviews(linkPreviewRepository(app.database.db), { publicUrl: config.publicUrl });
  const { db } = app.database;
  const devices = deviceRepository(db);
  const wallet = ticketWallet(db, { repeatWarningMinutes: config.redeemRepeatWarningMinutes });
  const fundraisers = fundraiserRepository(db, options.links);
  const orders = orderViews(orderRepository(db, fundraisers), config.coverFees);
  const firstContent = firstPaintContent({
    ...fundraisers,
    ownersOrder: (orderId, ownerKeyHash) => orders.ownersOrder(orderId, ownerKeyHash),
    studentPageHead: (guid) => devices.studentPageHead(guid),
    // No device cookie nor browser key: the page request carries neither (they are scoped to the API).
    walletSession: (guid) =>
      wallet.session(guid, undefined, undefined).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 404) return undefined;
        throw error;
      }),
  });
  const firstPaintCss = firstPaintStyle();
  const screens =
    config.firstScreenBudgetMs > 0
      ? firstScreens({
          shellDist: config.shellDist,
          budgetMs: config.firstScreenBudgetMs,
          onProblem: (message) => app.log.warn(message),
        })
      : undefined;
  app.addHook('onReady', async () => screens?.warm());
  app.addHook('onClose', async () => screens?.close());

  /**
   * The answers to the page's first calls, read as the page's own calls would be (the same routes,
   * the request's cookies and client address, so the same owner checks and rate limits): only
   * successful ones; for any other the app asks again and shows what the API says.
   */
  async function readAnswers(request: FastifyRequest, calls: readonly string[]): Promise<ServedAnswers> {
    const responses = await Promise.all(
      calls.map((url) =>
        app.inject({
          method: 'GET',
          url,
          remoteAddress: request.ip,
          headers: { cookie: request.headers.cookie ?? '', 'user-agent': request.headers['user-agent'] ?? '' },
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

  /** The page of the path's live (or this browser's canary) release, from its server build; undefined when unknown in time. */
  async function releasePageOf(pathname: string, remotes: Partial<Record<string, string>>) {
    const remote = remoteForPath(pathname);
    const entry = remote && remotes[remote];
    const build = entry ? serverBuildUrl(entry) : undefined;
    if (!screens || !build) return undefined;
    const page = await screens.pageOf(build, pathname);
    return page === undefined ? undefined : { build, page };
  }

  /** The first screen the release renders with the answers read for it; undefined when it could not in time. */
  async function renderedScreen(
    request: FastifyRequest,
    release: { build: string; page: ReleasePage | null },
  ): Promise<{ html: string; css: string; answers: ServedAnswers } | undefined> {
    const { page } = release;
    if (page && !page.serverRenders) return undefined;
    const answers = page?.serverReads ? await readAnswers(request, page.calls) : {};
    const screen = await screens!.render(release.build, request.url, answers);
    return screen && { ...screen, answers };
  }
  const site = new URL(config.publicUrl);
  const defaultImage = new URL(DEFAULT_PREVIEW_IMAGE, site).href;

  /** The first paint, or the chrome alone should a future field not render: never a 500 for a page. */
  function servedMarkup(request: FastifyRequest, pathname: string, first: FirstContent | undefined): string {
    try {
      return firstPaintMarkup(pathname, first);
    } catch (error) {
      request.log.warn({ err: error }, 'First content could not be painted');
      return firstPaintMarkup(pathname, undefined);
    }
  }

  app.decorate('sendShellPage', async (request: FastifyRequest, reply: FastifyReply) => {
    const page = pageFile();
    if (!page) return reply.code(404).send({ message: 'The site is not built: run `npm run build`.' });
    reply.header('Cache-Control', 'private, no-cache').type('text/html; charset=utf-8');
    if (!page.template) return reply.send(page.html);
    const pathname = request.url.split('?')[0] ?? '/';
    const { template } = page;
    // The releases, the preview and the first content are read side by side: a slow database costs
    // a page one wait, not one per read.
    const served = reply.servedReleases().then((releases) => runtimeConfig(config, releases));
    // The release's page table names the page's first calls, whichever way the browser build is made.
    const release = served.then((runtime) => releasePageOf(pathname, runtime.remotes));
    // The release renders the page's first screen in the shell's layout (a build made as one app has
    // another); a page it cannot render gets the plain first paint.
    const rendered = release
      .then((known) => (known && template.loadsRemotes ? renderedScreen(request, known) : undefined))
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
    const [runtime, hints, preview, screen] = await Promise.all([
      served,
      pageHinted,
      // A preview that cannot be read (the database down) leaves the page its generic one.
      previews.previewOf(pathname).catch((error: unknown) => {
        request.log.warn({ err: error }, 'No link preview for this page');
        return undefined;
      }),
      rendered,
    ]);
    const url = pageUrl(site, pathname);
    // A student's page paints the student's names for its guid's holder, a checkout its order for
    // the browser that owns it: stored nowhere, as GetMyFundraiser's and GetOrder's answers are not
    // (no Vary: Cookie either, which only tells a cache how to key what it stores). Other pages are
    // private too (who sees what may change).
    if (paintsHoldersData(pathname)) reply.header('Cache-Control', 'private, no-store');
    const content = { hints, runtimeConfig: runtime, url, defaultImage, preview, style: firstPaintCss };
    if (screen) return reply.send(renderPage(template, { ...content, rendered: screen }));
    // Content that cannot be read leaves the page its chrome (the app then shows what it can).
    const first = await firstContent.contentOf(pathname, request.browserKeyHash()).catch((error: unknown) => {
      request.log.warn({ err: error }, 'No first content for this page');
      return undefined;
    });
    return reply.send(renderPage(template, { ...content, firstPaint: servedMarkup(request, pathname, first) }));
  });
});
