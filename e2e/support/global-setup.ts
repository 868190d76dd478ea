import { rmSync } from 'node:fs';
import path from 'node:path';
import { baseURL, remoteEntry, root, startApi, startRemote, stopAll, waitUntil, type RemoteName } from './stack';

export default async function globalSetup() {
  rmSync(path.join(root, 'e2e', '.stack-pids.json'), { force: true });
  const remotes: RemoteName[] = ['ordering', 'checkout', 'tickets', 'fundraiser'];
  for (const remote of remotes) startRemote(remote);
  startApi();
  await waitUntil(`${baseURL}/api/health`, true);
  for (const remote of remotes) await waitUntil(remoteEntry(remote), true);
  return () => stopAll();
}
