# The API server (which also serves the shell) as an image operators run:
#
#   docker build -t fundraising-university .
#   docker run --env-file fu.env -p 8080:8080 fundraising-university
#
# Stage `build` installs every workspace's dependencies and runs `npm run build` (the shell, the four
# remotes, the server as plain JavaScript in server/dist). The final stage is the base image's Node,
# the server's production dependencies and the built files only: no TypeScript, webpack or test
# tools, and not the Node binary the repository pins as an optional dependency for development.
# Running, migrating, the settings and a compose example: docs/operations.md#container-image.
#
# No BuildKit-only syntax, so the classic builder (Debian's docker.io 20.10) builds it too.

# Any Node 22.13+ or 24 image on Debian; scripts/docker-image.sh passes a locally made one.
ARG NODE_IMAGE=node:24-bookworm-slim

# Only the manifests: the two installs below are redone when one of these changes, not on every
# source change. Every workspace's package.json is needed for `npm ci` to match the lockfile.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY shared/package.json shared/
COPY shell/package.json shell/
COPY remote-ordering/package.json remote-ordering/
COPY remote-checkout/package.json remote-checkout/
COPY remote-tickets/package.json remote-tickets/
COPY remote-fundraiser/package.json remote-fundraiser/
COPY server/package.json server/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

FROM manifests AS build
# Everything the lockfile names, the build tools included. npm cannot leave out one optional
# dependency by name, so this also fetches the root's node-linux-* (a Node binary for `npm start`)
# next to esbuild's platform package, which the build needs; neither reaches the final stage.
RUN npm ci
COPY . .
RUN npm run build

# What `node server/dist/*.js` imports: the `dependencies` of the server and of @fu/shared (the build
# fails on an import neither declares, scripts/build.mjs). --omit=optional drops the root's Node
# binaries and pg's pg-cloudflare (for Cloudflare Workers only); scripts/docker-image.sh fails when
# the lockfile marks any other runtime package optional, since this would drop it too.
# npm also installs @fu/shared's peers (react, react-dom, react-router-dom: 14 MB the server never
# loads): leaving them out (--legacy-peer-deps) would make `npm ls` report them missing.
FROM manifests AS runtime-deps
RUN npm ci --omit=dev --omit=optional --workspace server

FROM ${NODE_IMAGE}
LABEL org.opencontainers.image.title="Fundraising University" \
      org.opencontainers.image.description="The API server and the shell; the remotes' builds for server/dist/serve-remote.js"
# HOST: listen on every interface of the container (the server's default is localhost).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
# Owned by root and read-only to the server: it writes only to /app/data (uploads without S3_BUCKET).
COPY --from=runtime-deps /app ./
# The server reads @fu/shared's CSS and logo at run time (the rest of shared is bundled in server/dist).
COPY --from=build /app/shared/src shared/src
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/server/drizzle server/drizzle
COPY --from=build /app/server/public server/public
COPY --from=build /app/server/src/catalog/import/demo-data.json server/src/catalog/import/demo-data.json
COPY --from=build /app/shell/dist shell/dist
# Not served by the API: each remote belongs on its own origin or CDN path. They are here so that
# `node server/dist/serve-remote.js --remote <name>` can serve one from this image, without a CDN.
COPY --from=build /app/remote-ordering/dist remote-ordering/dist
COPY --from=build /app/remote-checkout/dist remote-checkout/dist
COPY --from=build /app/remote-tickets/dist remote-tickets/dist
COPY --from=build /app/remote-fundraiser/dist remote-fundraiser/dist
RUN mkdir data && chown node:node data
# The base image's unprivileged user (uid 1000).
USER node
EXPOSE 8080
# Liveness only (/api/health answers whatever the database does; /api/ready is for balancers).
# Node's own fetch: slim images have no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server stops on SIGTERM (docker stop): no new connections, requests and jobs finished, exit 0.
CMD ["node", "server/dist/main.js"]
