// Two API instances on one PostgreSQL database and one S3 bucket: a picture uploaded through one is
// served by the other, at the URL the API answered. With local-disk storage it would be a 404 there.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { TEST_ADMIN_TOKEN, testConfig, type Config } from '../src/platform/config/config';
import { openDatabase } from '../src/platform/db/client';
import { JPEG, PNG } from './fixtures';
import { emptyDatabase, multiInstanceSkip } from './multiInstance';
import { startS3Server } from './s3Server';

const skip = await multiInstanceSkip();
if (skip) console.log(`Skipping the multi-instance storage test: ${skip}.`);

const BUCKET = 'fu-multi-uploads';
const PUBLIC_URL = 'https://fundraiser.example.com';

/** A multipart/form-data body with one file part. */
function filePart(bytes: Buffer, contentType: string) {
  const boundary = `----fu-multi-${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('uploads across two instances (PostgreSQL + one S3 bucket)', { skip }, () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  const instances: FastifyInstance[] = [];

  before(async () => {
    s3 = await startS3Server();
    database = await emptyDatabase();
    const config: Partial<Config> = {
      publicUrl: PUBLIC_URL,
      // Each instance has a disk of its own; neither ever writes to it.
      storage: { uploadDir: '/nonexistent/fu-uploads', s3: { bucket: BUCKET, endpoint: s3.endpoint } },
    };
    // One after the other: starting together on an empty database is another test's subject.
    for (let index = 0; index < 2; index++) {
      const handle = await openDatabase({ databaseUrl: database.url, dataDir: '' });
      const app = await buildApp({ config: testConfig(config), database: handle });
      await app.ready();
      instances.push(app);
    }
  });
  after(async () => {
    for (const app of instances) await app.close();
    await database?.drop();
    await s3?.close();
  });

  it('a picture uploaded through instance A is served by instance B at the URL A answered', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    const auth = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
    const bucket = await a.inject({
      method: 'POST',
      url: '/api/AWSS3Controller/CreateBucketAsync',
      payload: { bucketName: BUCKET },
      headers: auth,
    });
    assert.deepEqual(bucket.json(), { bucketName: BUCKET, created: true });

    for (const [bytes, type] of [
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
    ] as const) {
      const body = filePart(bytes, type);
      const uploaded = await a.inject({
        method: 'POST',
        url: '/api/AWSS3Controller/UploadFileAsync',
        payload: body.payload,
        headers: { ...auth, ...body.headers },
      });
      assert.equal(uploaded.statusCode, 200, uploaded.body);
      const url = new URL(uploaded.json().url);
      assert.equal(url.origin, PUBLIC_URL, 'served from the site, wherever the load balancer sends the request');

      const served = await b.inject({ url: url.pathname });
      assert.equal(served.statusCode, 200, served.body);
      assert.equal(served.headers['content-type'], type);
      assert.deepEqual(served.rawPayload, bytes);
    }
  });
});
