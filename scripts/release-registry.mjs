// The release registry from a terminal (docs/releasing.md), through the API's admin routes, so a
// promotion from here passes the same gate and reaches every instance the same way as one from the
// admin app:
//   npm run release:list
//   npm run release:promote -- checkout 1.0.0-dfc1de6 [--share 10]
//   npm run release:rollback -- checkout
// API_URL (default http://localhost:$PORT or :8080) says which site, ADMIN_API_TOKEN is the admin
// token, RELEASED_BY (default: git's user.email, else the login name) who is acting.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';

const USAGE = `Usage:
  npm run release:list
  npm run release:promote -- <remote> <version> [--share <1-100>]
  npm run release:rollback -- <remote>
Environment: API_URL (default http://localhost:8080), ADMIN_API_TOKEN (required), RELEASED_BY.`;

function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

function actor() {
  if (process.env.RELEASED_BY) return process.env.RELEASED_BY;
  try {
    const email = execFileSync('git', ['config', 'user.email'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    if (email.trim()) return email.trim();
  } catch {
    // No git, or no e-mail configured: the login name below.
  }
  return os.userInfo().username;
}

async function call(method, path, body) {
  const base = process.env.API_URL || `http://localhost:${process.env.PORT || 8080}`;
  const token = process.env.ADMIN_API_TOKEN;
  if (!token) fail('ADMIN_API_TOKEN is not set: the registry answers only with the admin token.', 2);
  let response;
  try {
    response = await fetch(new URL(path, base), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-admin-user': actor(),
        ...(body && { 'content-type': 'application/json' }),
      },
      body: body && JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    fail(`Could not reach the API at ${base}: ${error.cause?.message ?? error.message}`);
  }
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) fail(`Refused (${response.status}): ${answer.message ?? response.statusText}`);
  return answer;
}

const since = (at) => (at ? ` since ${at.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}` : '');

function describe(state) {
  const lines = [
    `${state.remote}: live ${state.live ?? 'configured build'}${since(state.liveSince)}${state.liveBy ? ` by ${state.liveBy}` : ''}`,
  ];
  lines.push(`  entry    ${state.liveEntry}`);
  if (state.canary) {
    lines.push(
      `  canary   ${state.canary.version} for ${state.canary.share}% of browsers${since(state.canary.since)} by ${state.canary.by}`,
    );
  }
  if (state.rollbackTo !== undefined) {
    lines.push(
      `  rollback ${state.canary ? 'ends the canary' : `returns to ${state.rollbackTo ?? 'the configured build'}`}`,
    );
  }
  return lines.join('\n');
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { share: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
const [command, remote, version] = positionals;
if (values.help) fail(USAGE, 0);

if (command === 'list' && !remote) {
  const { remotes } = await call('GET', '/api/Admin/Releases');
  for (const state of remotes) {
    console.log(describe(state));
    for (const entry of state.history.slice(0, 5)) {
      const what =
        entry.action === 'rollback'
          ? 'rollback'
          : `${entry.action} ${entry.version}${entry.share ? ` (${entry.share}%)` : ''}`;
      console.log(`    ${entry.at}  ${what}  by ${entry.by}`);
    }
    console.log('');
  }
} else if (command === 'promote' && remote && version) {
  const share = values.share === undefined ? undefined : Number(values.share);
  if (share !== undefined && !(Number.isInteger(share) && share >= 1 && share <= 100)) {
    fail('--share is a whole percentage of browsers from 1 to 100.', 2);
  }
  console.log(describe(await call('POST', '/api/Admin/PromoteRelease', { remote, version, ...(share && { share }) })));
} else if (command === 'rollback' && remote && !version) {
  console.log(describe(await call('POST', '/api/Admin/RollbackRelease', { remote })));
} else {
  fail(USAGE, 2);
}
