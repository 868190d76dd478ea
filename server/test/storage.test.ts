import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { TEST_ADMIN_TOKEN } from '../src/platform/config/config';
import { sniffImage } from '../src/admin/services/adminFiles';
import { safeJoin } from '../src/platform/storage/localStorage';
import { createTestApp, type TestApp } from './helpers';
import { JPEG, PNG } from './fixtures';
import { startS3Server } from './s3Server';

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

  it('serves only files under an upload key, not other files in the directory', async () => {
    const key = `${randomUUID()}.png`;
    const others = [`team-photos/${key}`, 'photo.png', key.toUpperCase(), 'notes.html', `${randomUUID()}.jpeg`];
    mkdirSync(path.join(uploadDir, 'team-photos'), { recursive: true });
    for (const file of [key, ...others]) writeFileSync(path.join(uploadDir, file), PNG);
    try {
      assert.equal((await t.inject({ url: `/uploads/${key}` })).statusCode, 200);
      for (const file of others) {
        const response = await t.inject({ url: `/uploads/${file}` });
        assert.equal(response.statusCode, 404, `${file}: ${response.statusCode}`);
      }
    } finally {
      for (const file of [key, ...others]) rmSync(path.join(uploadDir, file), { force: true });
    }
  });
});

/**
 * An endpoint that answers every request as S3 answers one it refuses, in S3's error format, and a
 * HEAD as S3 does for a bucket not ours to list (403 alone): fauxqs, the emulator, takes any
 * credentials and refuses nothing.
 */
async function refusingS3() {
  const answer = { status: 403, code: 'AccessDenied' };
  const server = createServer((request, response) => {
    request.resume();
    if (request.method === 'HEAD') return response.writeHead(403).end();
    response.writeHead(answer.status, { 'content-type': 'application/xml' });
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${answer.code}</Code><Message>no</Message></Error>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** What it answers from now on. */
    answer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('file storage on S3: a real S3-compatible server (fauxqs)', () => {
  const BUCKET = 'fu-uploads';
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let direct: S3Client;
  let t: TestApp;
  let uploadDir: string;
  const s3Config = (extra: { publicUrl?: string } = {}) => ({
    uploadDir,
    s3: { bucket: BUCKET, endpoint: s3.endpoint, region: 'us-east-1', ...extra },
  });
  const upload = (app: TestApp, bytes: Buffer, contentType: string) => {
    const body = multipart([{ name: 'file', value: bytes, filename: 'p', contentType }]);
    return app.inject({
      method: 'POST',
      url: '/api/AWSS3Controller/UploadFileAsync',
      payload: body.payload,
      headers: { ...AUTH, ...body.headers },
    });
  };
  const createBucket = (bucketName: string) =>
    t.inject({ method: 'POST', url: '/api/AWSS3Controller/CreateBucketAsync', payload: { bucketName }, headers: AUTH });

  before(async () => {
    s3 = await startS3Server();
    uploadDir = mkdtempSync(path.join(os.tmpdir(), 'fu-uploads-'));
    direct = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true });
    t = await createTestApp({
      demo: false,
      config: { publicUrl: 'https://fundraiser.example.com', storage: s3Config() },
    });
    // The bucket is made as an operator would, through the admin API.
    const created = await createBucket(BUCKET);
    assert.deepEqual(created.json(), { bucketName: BUCKET, created: true });
  });
  after(async () => {
    await t?.close();
    direct?.destroy();
    await s3?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it('CreateBucketAsync makes a bucket once; asked again, it is ours already', async () => {
    await direct.send(new HeadBucketCommand({ Bucket: BUCKET }));
    assert.deepEqual((await createBucket(BUCKET)).json(), { bucketName: BUCKET, created: false });
    assert.deepEqual((await createBucket('team-photos')).json(), { bucketName: 'team-photos', created: true });
    await direct.send(new HeadBucketCommand({ Bucket: 'team-photos' }));
  });

  it('an upload goes to the bucket, not the disk; the URL it answers serves the same bytes', async () => {
    for (const [bytes, type, extension] of [
      [PNG, 'image/png', 'png'],
      [JPEG, 'image/jpeg', 'jpg'],
    ] as const) {
      const response = await upload(t, bytes, type);
      assert.equal(response.statusCode, 200, response.body);
      const { url } = response.json();
      const match = new RegExp(`^https://fundraiser\\.example\\.com/uploads/([0-9a-f-]{36}\\.${extension})$`).exec(url);
      assert.ok(match, url);

      const object = await direct.send(new GetObjectCommand({ Bucket: BUCKET, Key: match[1] }));
      assert.deepEqual(Buffer.from(await object.Body!.transformToByteArray()), bytes, 'the bucket holds the bytes');
      assert.equal(object.ContentType, type);
      assert.equal(object.CacheControl, 'public, max-age=31536000, immutable');

      const served = await t.inject({ url: new URL(url).pathname });
      assert.equal(served.statusCode, 200, served.body);
      assert.deepEqual(served.rawPayload, bytes);
      assert.equal(served.headers['content-type'], type);
      assert.equal(served.headers['content-length'], String(bytes.length));
      assert.equal(served.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.match(String(served.headers['content-security-policy']), /default-src 'none'; sandbox/);
      assert.equal(served.headers['x-content-type-options'], 'nosniff');
      assert.equal(served.headers['cross-origin-resource-policy'], 'cross-origin');
    }
    assert.deepEqual(readdirSync(uploadDir), [], 'nothing on local disk');
  });

  it("a bucket name another account holds is a 409 (AWS's answer, which the emulator, one account, never gives)", async () => {
    const aws = await refusingS3();
    const elsewhere = await createTestApp({
      demo: false,
      config: { storage: { uploadDir, s3: { bucket: BUCKET, endpoint: aws.endpoint } } },
    });
    try {
      aws.answer.status = 409;
      aws.answer.code = 'BucketAlreadyExists';
      const response = await elsewhere.inject({
        method: 'POST',
        url: '/api/AWSS3Controller/CreateBucketAsync',
        payload: { bucketName: 'someone-elses' },
        headers: AUTH,
      });
      assert.equal(response.statusCode, 409, response.body);
      assert.deepEqual(response.json(), { message: 'The bucket name someone-elses is taken by another account.' });
    } finally {
      await elsewhere.close();
      await aws.close();
    }
  });

  it('serves only the pictures: unknown or unsafe keys and other objects of the bucket are 404', async () => {
    await direct.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'page.html',
        Body: '<script>alert(1)</script>',
        ContentType: 'text/html',
      }),
    );
    await direct.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'labelled.png', Body: PNG, ContentType: 'text/html' }),
    );
    // Real pictures, but not under a key an upload writes: someone else's objects in the bucket.
    const stranger = `${randomUUID()}.png`;
    for (const Key of [`other/${stranger}`, 'photo.png', stranger.toUpperCase(), `${randomUUID()}.jpeg`]) {
      await direct.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: PNG, ContentType: 'image/png' }));
    }
    for (const url of [
      `/uploads/other/${stranger}`,
      '/uploads/photo.png',
      `/uploads/${stranger.toUpperCase()}`,
      '/uploads/page.html',
      '/uploads/labelled.png',
      `/uploads/${randomUUID()}.png`,
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/a/b/c.png',
      '/uploads/',
    ]) {
      const response = await t.inject({ url });
      assert.equal(response.statusCode, 404, `${url}: ${response.body}`);
      assert.ok(!response.body.includes('<script>'), url);
    }
  });

  it('with S3_PUBLIC_URL the URL points there (a CDN or public bucket), and the API still serves the key', async () => {
    const publicUrl = `${s3.endpoint}/${BUCKET}`;
    const cdn = await createTestApp({ demo: false, config: { storage: s3Config({ publicUrl }) } });
    try {
      const response = await upload(cdn, PNG, 'image/png');
      assert.equal(response.statusCode, 200, response.body);
      const { url } = response.json();
      assert.ok(url.startsWith(`${publicUrl}/`), url);
      const fetched = await fetch(url);
      assert.equal(fetched.status, 200);
      assert.deepEqual(Buffer.from(await fetched.arrayBuffer()), PNG);
      const key = url.slice(publicUrl.length + 1);
      assert.deepEqual((await t.inject({ url: `/uploads/${key}` })).rawPayload, PNG);
    } finally {
      await cdn.close();
    }
  });

  it("S3's refusals are a 503 with a reason, a log line saying what to grant or fix, and a warning of /api/ready", async () => {
    const aws = await refusingS3();
    const lines: { level: number; msg: string }[] = [];
    const denied = await createTestApp({
      demo: false,
      config: { logLevel: 'info', storage: { uploadDir, s3: { bucket: BUCKET, endpoint: aws.endpoint } } },
      logStream: { write: (line) => void lines.push(JSON.parse(line)) },
    });
    const picture = () => denied.inject({ url: `/uploads/${randomUUID()}.png` });
    const readyWarnings = async () => {
      const ready = await denied.inject({ url: '/api/ready' });
      assert.equal(ready.statusCode, 200, 'a refusal does not take the instance out of rotation');
      return (ready.json().warnings ?? []).join('\n');
    };
    /** The one error line the last request logged. */
    const loggedOnce = () => {
      const errors = lines.splice(0).filter((line) => line.level >= 50);
      assert.equal(errors.length, 1, JSON.stringify(errors));
      return errors[0]!.msg;
    };
    const refusedWith = (response: Awaited<ReturnType<typeof picture>>, message: string) => {
      assert.equal(response.statusCode, 503, response.body);
      assert.equal(response.headers['retry-after'], '5');
      assert.deepEqual(response.json(), { message, reason: 'file storage access denied' });
    };
    const CANNOT_READ = 'The picture cannot be read right now. Please try again in a moment.';
    try {
      // No s3:GetObject (or no s3:ListBucket, and the key is missing: AWS says AccessDenied for both).
      refusedWith(await picture(), CANNOT_READ);
      assert.match(loggedOnce(), /^S3 refused to read an upload \(AccessDenied\): .*s3:GetObject.*s3:ListBucket.*404/);
      assert.match(await readyWarnings(), /S3 refused to read an upload \(AccessDenied\)/);

      const stored = await upload(denied, PNG, 'image/png');
      refusedWith(stored, 'The file could not be stored just now. Please try again in a moment.');
      assert.match(loggedOnce(), /^S3 refused to store an upload \(AccessDenied\): .*s3:PutObject/);
      assert.match(await readyWarnings(), /read an upload[^]*store an upload/);

      const bucket = await denied.inject({
        method: 'POST',
        url: '/api/AWSS3Controller/CreateBucketAsync',
        payload: { bucketName: 'new-bucket' },
        headers: AUTH,
      });
      refusedWith(bucket, 'The bucket could not be created just now. Please try again in a moment.');
      assert.match(loggedOnce(), /^S3 refused to create a bucket \(AccessDenied\): .*s3:CreateBucket/);

      // Credentials S3 does not take: a wrong key or secret.
      for (const code of ['InvalidAccessKeyId', 'SignatureDoesNotMatch']) {
        aws.answer.code = code;
        refusedWith(await picture(), CANNOT_READ);
        assert.match(
          loggedOnce(),
          new RegExp(`^S3 did not accept the instance's credentials \\(${code}\\): check AWS_ACCESS_KEY_ID`),
        );
        assert.match(await readyWarnings(), new RegExp(code));
      }

      // Reads go through again: a missing key is a 404, and the reads' warning goes.
      aws.answer.status = 404;
      aws.answer.code = 'NoSuchKey';
      const missing = await picture();
      assert.equal(missing.statusCode, 404, missing.body);
      assert.deepEqual(
        lines.splice(0).filter((line) => line.level >= 50),
        [],
      );
      const warnings = await readyWarnings();
      assert.doesNotMatch(warnings, /read an upload|did not accept/);
      assert.match(warnings, /store an upload/, 'until an upload goes through');
    } finally {
      await denied.close();
      await aws.close();
    }
  });

  it('while the storage does not answer: an upload is a 503 with no URL, a picture a 503', async () => {
    const response = await upload(t, PNG, 'image/png');
    const key = new URL(response.json().url).pathname;
    await s3.close();
    const failed = await upload(t, PNG, 'image/png');
    assert.equal(failed.statusCode, 503, failed.body);
    assert.deepEqual(failed.json(), {
      message: 'The file could not be stored just now. Please try again in a moment.',
      reason: 'file storage unavailable',
    });
    const picture = await t.inject({ url: key });
    assert.equal(picture.statusCode, 503, picture.body);
    assert.equal(picture.headers['retry-after'], '5');
    assert.deepEqual(picture.json(), {
      message: 'The picture cannot be read right now. Please try again in a moment.',
      reason: 'file storage unavailable',
    });
  });
});
