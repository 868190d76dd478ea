import { once } from 'node:events';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { dumpDatabase, findCardData } from './cardData';
import {
  apiDataDir,
  baseURL,
  logFile,
  ports,
  remoteEntry,
  root,
  startApi,
  startRemote,
  startSandbox,
  stopAll,
  waitUntil,
  type RemoteName,
} from './stack';

export default async function globalSetup() {
  rmSync(path.join(root, 'e2e', '.stack-pids.json'), { force: true });
  const remotes: RemoteName[] = ['ordering', 'checkout', 'tickets', 'fundraiser'];
  for (const remote of remotes) startRemote(remote);
  const sandbox = startSandbox();
  const api = startApi();
  await waitUntil(`${baseURL}/api/health`, true);
  for (const remote of remotes) await waitUntil(remoteEntry(remote), true);
  await waitUntil(`http://localhost:${ports.gateway}/v1/card/tokenize`, false).catch(() => undefined);
  return async () => {
    const stopped = [api, sandbox].map((child) => (child.exitCode === null ? once(child, 'exit') : null));
    stopAll();
    await Promise.all(stopped);
    await assertNoCardData();
  };
}

/** Issue 8, security: after the run no card number or security code is in the database or the logs. */
async function assertNoCardData() {
  const places: [string, string][] = [['database', await dumpDatabase(apiDataDir())]];
  for (const name of ['api', 'sandbox']) {
    if (existsSync(logFile(name))) places.push([`${name} log`, readFileSync(logFile(name), 'utf8')]);
  }
  const problems = places.flatMap(([place, text]) => findCardData(text).map((found) => `${place}: ${found}`));
  if (problems.length) throw new Error(`Card data left after the e2e run:\n${problems.join('\n')}`);
  console.log(`No card data in the database or logs (${places.map(([place]) => place).join(', ')}).`);
}
