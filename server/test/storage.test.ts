import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CreateBucketCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { TEST_ADMIN_TOKEN } from '../src/config';
import { sniffImage } from '../src/services/adminFiles';
import { s3Storage, type Storage } from '../src/storage';
import { safeJoin } from '../src/storage/localStorage';
import { createTestApp, type TestApp } from './helpers';
import { JPEG, PNG } from './fixtures';

const AUTH = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/** A multipart/form-data body with the given parts (files carry a file name and content type). */
function multipart(parts: { name: string; value: Buffer | string; filename?: string; contentType?: string }[]) {
  const boundary = `----fu-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('file storage on local disk', () => {
  let t: TestApp;
  let uploadDir: string;
  const upload = (body: ReturnType<typeof multipart>) =>
    t.inject({
      method: 'POST',
      url: '/api/AWSS3Controller/UploadFileAsync',
      payload: body.payload,
      headers: { ...AUTH, ...body.headers },
    });

  before(async () => {
    uploadDir = mkdtempSync(path.join(os.tmpdir(), 'fu-uploads-'));
    t = await createTestApp({
      demo: false,
      config: { publicUrl: 'https://fundraiser.example.com', storage: { uploadDir } },
    });
  });
  after(async () => {
    await t.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it('stores a real PNG under a random key; its URL serves the same bytes', async () => {
    const response = await upload(
      multipart([{ name: 'file', value: PNG, filename: '../../etc/passwd.png', contentType: 'image/png' }]),
    );
    assert.equal(response.statusCode, 200, response.body);
    const { url } = response.json();
    const match = /^https:\/\/fundraiser\.example\.com\/uploads\/([0-9a-f-]{36})\.png$/.exec(url);
    assert.ok(match, url);
    assert.deepEqual(readdirSync(uploadDir), [`${match[1]}.png`], 'the client file name is never used');

    const served = await t.inject({ url: new URL(url).pathname });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.deepEqual(served.rawPayload, PNG);
    assert.match(String(served.headers['content-security-policy']), /default-src 'none'/);
    assert.equal(served.headers['cross-origin-resource-policy'], 'cross-origin');
  });

  it('stores a JPEG with a .jpg key', async () => {
    const response = await upload(
      multipart([{ name: 'file', value: JPEG, filename: 'a.jpeg', contentType: 'image/jpeg' }]),
    );
    assert.equal(response.statusCode, 200, response.body);
    assert.match(response.json().url, /\/uploads\/[0-9a-f-]{36}\.jpg$/);
  });

  it('refuses what is not a PNG or JPEG, whatever its label says, with 400', async () => {
    const cases = [
      { value: 'just some text', contentType: 'image/png' },
      { value: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', contentType: 'image/png' },
      { value: JPEG, contentType: 'image/png' },
      { value: PNG, contentType: 'image/jpeg' },
      { value: PNG, contentType: 'image/gif' },
      { value: PNG, contentType: 'text/html' },
      { value: Buffer.alloc(0), contentType: 'image/png' },
    ];
    const before = readdirSync(uploadDir).length;
    for (const { value, contentType } of cases) {
      const response = await upload(multipart([{ name: 'file', value, filename: 'x.png', contentType }]));
      assert.equal(response.statusCode, 400, `${contentType}: ${response.body}`);
      assert.ok(response.json().message);
    }
    assert.equal(readdirSync(uploadDir).length, before, 'nothing was stored');
  });

  it("a text file labelled image/png gets the form's message", async () => {
    const response = await upload(
      multipart([{ name: 'file', value: 'hello', filename: 'notes.png', contentType: 'image/png' }]),
    );
    assert.equal(response.statusCode, 400);
    assert.match(response.json().message, /^Valid png or jpeg required\./);
  });

  it('accepts a file just under 5 MB', async () => {
    const large = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length - 1)]);
    const response = await upload(
      multipart([{ name: 'file', value: large, filename: 'l.png', contentType: 'image/png' }]),
    );
    assert.equal(response.statusCode, 200, response.body);
    const served = await t.inject({ url: new URL(response.json().url).pathname });
    assert.equal(served.rawPayload.length, large.length);
  });

  it('refuses a file over 5 MB with 413, and a request without a file or not multipart with 400', async () => {
    const stored = readdirSync(uploadDir).length;
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await upload(
      multipart([{ name: 'file', value: big, filename: 'big.png', contentType: 'image/png' }]),
    );
    assert.equal(tooLarge.statusCode, 413);
    assert.deepEqual(tooLarge.json(), { message: 'The file is larger than 5 MB.' });
    // Nothing of it is kept, not even a partial file.
    assert.equal(readdirSync(uploadDir).length, stored);

    const noFile = await upload(multipart([{ name: 'caption', value: 'no file here' }]));
    assert.equal(noFile.statusCode, 400);

    const json = await t.inject({
      method: 'POST',
      url: '/api/AWSS3Controller/UploadFileAsync',
      payload: { fileName: 'x.png', base64: PNG.toString('base64') },
      headers: AUTH,
    });
    assert.equal(json.statusCode, 400);
    assert.match(json.json().message, /multipart\/form-data/);
  });

  it('a body that is not well-formed multipart is a 400 with a message, and stores nothing', async () => {
    // Found by the fuzz test: the multipart parser's own errors used to leave as 500s.
    const stored = readdirSync(uploadDir).length;
    const good = multipart([{ name: 'file', value: PNG, filename: 'x.png', contentType: 'image/png' }]);
    const boundary = /boundary=(.*)$/.exec(good.headers['content-type'])![1]!;
    const send = (payload: Buffer | string, contentType: string) =>
      t.inject({
        method: 'POST',
        url: '/api/AWSS3Controller/UploadFileAsync',
        payload,
        headers: { ...AUTH, 'content-type': contentType },
      });
    const malformed = 'The upload is not valid multipart/form-data. Send the file in a part named "file".';
    const truncated = good.payload.subarray(0, good.payload.length - `--${boundary}--\r\n`.length - 10);
    for (const [payload, contentType, message] of [
      [good.payload, 'multipart/form-data', malformed], // no boundary
      [good.payload, `multipart/form-data; boundary=${'b'.repeat(300)}`, malformed], // longer than the parser takes
      [truncated, good.headers['content-type'], malformed], // ends before the closing boundary
      [good.payload, 'multipart/form-data; boundary=other', malformed], // not the body's
      [good.payload, 'multipart/form-data; boundary=', 'No file was sent. Send it in a part named "file".'],
    ] as const) {
      const response = await send(payload, contentType);
      assert.equal(response.statusCode, 400, `${contentType}: ${response.body}`);
      assert.deepEqual(response.json(), { message }, contentType);
    }
    assert.equal(readdirSync(uploadDir).length, stored);
  });

  it('an upload without the token is refused before the body is read', async () => {
    const body = multipart([{ name: 'file', value: PNG, filename: 'x.png', contentType: 'image/png' }]);
    const before = readdirSync(uploadDir).length;
    const response = await t.inject({
      method: 'POST',
      url: '/api/AWSS3Controller/UploadFileAsync',
      payload: body.payload,
      headers: body.headers,
    });
    assert.equal(response.statusCode, 401);
    assert.deepEqual(response.json(), { message: 'Unauthorized' });
    assert.equal(readdirSync(uploadDir).length, before);
  });

  it('CreateBucketAsync makes a directory once; unsafe names are a 400', async () => {
    const create = (bucketName: unknown) =>
      t.inject({
        method: 'POST',
        url: '/api/AWSS3Controller/CreateBucketAsync',
        payload: { bucketName },
        headers: AUTH,
      });
    assert.deepEqual((await create('team-photos')).json(), { bucketName: 'team-photos', created: true });
    assert.ok(existsSync(path.join(uploadDir, 'team-photos')));
    assert.deepEqual((await create('team-photos')).json(), { bucketName: 'team-photos', created: false });
    for (const name of ['../escape', 'a/b', 'UPPER', 'a..b', 'ab', '-dash', 'x'.repeat(64), 7]) {
      assert.equal((await create(name)).statusCode, 400, String(name));
    }
    assert.ok(!existsSync(path.join(uploadDir, '..', 'escape')));
  });

  it('keys cannot leave the upload directory', () => {
    assert.throws(() => safeJoin('/data', '../x.png'));
    assert.throws(() => safeJoin('/data', '/etc/passwd'));
    assert.throws(() => safeJoin('/data', 'a/../../x'));
    assert.equal(safeJoin('/data', 'abc.png'), path.join('/data', 'abc.png'));
  });

  it('recognises PNG and JPEG by their magic numbers', () => {
    assert.equal(sniffImage(PNG), 'image/png');
    assert.equal(sniffImage(JPEG), 'image/jpeg');
    assert.equal(sniffImage(Buffer.from('GIF89a')), undefined);
    assert.equal(sniffImage(PNG.subarray(0, 4)), undefined);
  });
});

describe('file storage on S3', () => {
  it('puts objects with their content type and answers the public URL', async () => {
    const sent: unknown[] = [];
    const storage = s3Storage(
      { bucket: 'fu-uploads', region: 'us-east-2' },
      { send: async (command) => void sent.push(command) },
    );
    const url = await storage.put('abc.png', PNG, 'image/png');
    assert.equal(url, 'https://fu-uploads.s3.us-east-2.amazonaws.com/abc.png');
    const [command] = sent;
    assert.ok(command instanceof PutObjectCommand);
    assert.equal(command.input.Bucket, 'fu-uploads');
    assert.equal(command.input.Key, 'abc.png');
    assert.equal(command.input.ContentType, 'image/png');
    assert.deepEqual(command.input.Body, PNG);
  });

  it('uses path-style URLs on an S3-compatible endpoint, or the configured public URL', async () => {
    const send = async () => undefined;
    const minio = s3Storage({ bucket: 'pics', endpoint: 'http://127.0.0.1:9000/' }, { send });
    assert.equal(await minio.put('k.jpg', JPEG, 'image/jpeg'), 'http://127.0.0.1:9000/pics/k.jpg');
    const cdn = s3Storage({ bucket: 'pics', publicUrl: 'https://cdn.example.com/' }, { send });
    assert.equal(await cdn.put('k.jpg', JPEG, 'image/jpeg'), 'https://cdn.example.com/k.jpg');
  });

  it('creates buckets; one already ours is not an error, one owned by another account is', async () => {
    const names: string[] = [];
    const storage = s3Storage(
      { bucket: 'fu-uploads' },
      {
        send: async (command) => {
          assert.ok(command instanceof CreateBucketCommand);
          const name = command.input.Bucket!;
          names.push(name);
          if (name === 'mine') throw Object.assign(new Error('exists'), { name: 'BucketAlreadyOwnedByYou' });
          if (name === 'theirs') throw Object.assign(new Error('taken'), { name: 'BucketAlreadyExists' });
        },
      },
    );
    assert.deepEqual(await storage.createBucket('fresh'), { created: true });
    assert.deepEqual(await storage.createBucket('mine'), { created: false });
    await assert.rejects(storage.createBucket('theirs'), { name: 'BucketAlreadyExists' });
    assert.deepEqual(names, ['fresh', 'mine', 'theirs']);
  });

  it('the upload route stores through app.storage (S3 here) and answers its URL', async () => {
    const stored: { key: string; contentType: string }[] = [];
    const fake: Storage = {
      kind: 's3',
      put: async (key, _bytes, contentType) => {
        stored.push({ key, contentType });
        return `https://cdn.example.com/${key}`;
      },
      createBucket: async (name) => {
        if (name === 'taken-bucket') throw Object.assign(new Error('taken'), { name: 'BucketAlreadyExists' });
        return { created: true };
      },
    };
    const t = await createTestApp({ demo: false, storage: fake });
    try {
      const body = multipart([{ name: 'file', value: PNG, filename: 'p.png', contentType: 'image/png' }]);
      const response = await t.inject({
        method: 'POST',
        url: '/api/AWSS3Controller/UploadFileAsync',
        payload: body.payload,
        headers: { ...AUTH, ...body.headers },
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(stored.length, 1);
      assert.equal(response.json().url, `https://cdn.example.com/${stored[0]!.key}`);
      assert.equal(stored[0]!.contentType, 'image/png');
      // No local /uploads route when files live in S3.
      assert.equal((await t.inject({ url: `/uploads/${stored[0]!.key}` })).statusCode, 404);

      const taken = await t.inject({
        method: 'POST',
        url: '/api/AWSS3Controller/CreateBucketAsync',
        payload: { bucketName: 'taken-bucket' },
        headers: AUTH,
      });
      assert.equal(taken.statusCode, 409);
    } finally {
      await t.close();
    }
  });
});
