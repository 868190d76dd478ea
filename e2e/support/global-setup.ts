import { rmSync } from 'node:fs';
import path from 'node:path';
import {
  baseURL,
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
  startSandbox();
  startApi();
  await waitUntil(`${baseURL}/api/health`, true);
  for (const remote of remotes) await waitUntil(remoteEntry(remote), true);
  await waitUntil(`http://localhost:${ports.gateway}/v1/card/tokenize`, false).catch(() => undefined);
  return () => stopAll();
}
