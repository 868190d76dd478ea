import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { pageHints } from '../../html/pageHints';
import { remoteManifests } from '../../html/remoteManifests';
import { renderPage } from '../../html/renderPage';
import { shellPageFile } from '../../html/shellTemplate';
import { runtimeConfig } from '../../runtimeConfig';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a page route with the shell's page written for it (html/renderPage.ts). */
    sendShellPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}

/** The shell's page per request: the runtime config inline, and hints for the route's remote and first calls. */
export default fp(async function shellPage(app: FastifyInstance, options: { config: Config }) {
  const { config } = options;
  const pageFile = shellPageFile(path.join(config.shellDist, 'index.html'));
  const manifests = remoteManifests({
    onError: (url, error) => app.log.warn({ err: error }, `No chunk hints from ${url} for now`),
  });
  const runtime = runtimeConfig(config);
  const ownOrigin = new URL(config.publicUrl).origin;

  app.decorate('sendShellPage', async (request: FastifyRequest, reply: FastifyReply) => {
    const page = pageFile();
    if (!page) return reply.code(404).send({ message: 'The site is not built: run `npm run build`.' });
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    if (!page.template) return reply.send(page.html);
    const pathname = request.url.split('?')[0] ?? '/';
    const hints = await pageHints(pathname, {
      remotes: runtime.remotes,
      apiBaseUrl: runtime.apiBaseUrl,
      ownOrigin,
      scriptsOf: manifests.scriptsOf,
    });
    return reply.send(renderPage(page.template, { hints, runtimeConfig: runtime }));
  });
});
