import { buildApp } from 'fauxqs';

/**
 * What the AWS SDK signs with. fauxqs accepts any credentials and checks no signature, but the SDK
 * of the app under test must find some in the environment, as a deployment finds its own.
 */
const TEST_S3_CREDENTIALS = { key: 'test-access-key', secret: 'test-secret-key' };

/**
 * A real S3-compatible server (fauxqs) on 127.0.0.1, on a free port, keeping its objects in memory.
 * Its `buildApp` rather than `startFauxqs`, which listens on every interface (0.0.0.0). Requests are
 * path-style (<endpoint>/<bucket>/<key>), as the app sends them to any S3_ENDPOINT.
 */
export async function startS3Server(): Promise<{ endpoint: string; close(): Promise<void> }> {
  process.env.AWS_ACCESS_KEY_ID = TEST_S3_CREDENTIALS.key;
  process.env.AWS_SECRET_ACCESS_KEY = TEST_S3_CREDENTIALS.secret;
  delete process.env.AWS_SESSION_TOKEN;
  const server = buildApp({ logger: false });
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  let closed = false;
  return {
    endpoint: address,
    /** Stops the server (a test may, to see the app without its storage), its objects with it; once. */
    close: async () => {
      if (closed) return;
      closed = true;
      await server.close();
    },
  };
}
