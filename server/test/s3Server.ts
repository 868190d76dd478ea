import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The access key s3rver accepts (it checks every request's signature against it). */
export const S3RVER_KEY = 'S3RVER';

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1, on a free port, keeping its objects in a new
 * temporary directory. The AWS SDK of the app under test finds s3rver's credentials in the
 * environment, as a deployment finds its own (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY).
 */
export async function startS3Server(): Promise<{ endpoint: string; close(): Promise<void> }> {
  process.env.AWS_ACCESS_KEY_ID = S3RVER_KEY;
  process.env.AWS_SECRET_ACCESS_KEY = S3RVER_KEY;
  delete process.env.AWS_SESSION_TOKEN;
  const directory = mkdtempSync(path.join(os.tmpdir(), 'fu-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  let closed = false;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    /** Stops the server (a test may, to see the app without its storage) and removes its files; once. */
    close: async () => {
      if (closed) return;
      closed = true;
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
