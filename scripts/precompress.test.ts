import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import worthCompressing from '@fu/shared/compression.json';
import { precompress } from './precompress.cjs';

const { minBytes } = worthCompressing;

/** Code-like text, well over the size worth compressing. */
const script = Array.from({ length: 400 }, (_, i) => `export function f${i}(a){return a*${i}+"x${i}";}`).join('\n');

/** Bytes no compressor can shrink, the same on every run (a SHA-256 chain). */
function incompressible(length: number): Buffer {
  const blocks: Buffer[] = [];
  let block = Buffer.from('seed');
  while (blocks.length * 32 < length) blocks.push((block = createHash('sha256').update(block).digest()));
  return Buffer.concat(blocks).subarray(0, length);
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fu-precompress-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const listing = () => readdirSync(dir, { recursive: true }).map(String).sort();

describe('precompress', () => {
  it('writes a Brotli and a gzip copy beside each text file that decompress to it', () => {
    mkdirSync(path.join(dir, 'css'));
    writeFileSync(path.join(dir, '140.7c29b1a7.js'), script);
    writeFileSync(path.join(dir, 'css', 'main.css'), script.replace(/function/g, '.rule'));
    const results = precompress(dir);
    expect(listing()).toEqual([
      '140.7c29b1a7.js',
      '140.7c29b1a7.js.br',
      '140.7c29b1a7.js.gz',
      'css',
      'css/main.css',
      'css/main.css.br',
      'css/main.css.gz',
    ]);
    const br = readFileSync(path.join(dir, '140.7c29b1a7.js.br'));
    const gz = readFileSync(path.join(dir, '140.7c29b1a7.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(gz.length);
    expect(results.find((result) => result.file.endsWith('.js'))).toEqual({
      file: path.join(dir, '140.7c29b1a7.js'),
      bytes: script.length,
      '.br': br.length,
      '.gz': gz.length,
    });
  });

  it('writes the same bytes for the same file, whenever and wherever it runs', () => {
    writeFileSync(path.join(dir, 'remoteEntry.js'), script);
    precompress(dir);
    const first = ['.br', '.gz'].map((extension) => readFileSync(path.join(dir, `remoteEntry.js${extension}`)));
    const other = mkdtempSync(path.join(tmpdir(), 'fu-precompress-'));
    try {
      writeFileSync(path.join(other, 'remoteEntry.js'), script);
      precompress(other);
      precompress(other);
      const second = ['.br', '.gz'].map((extension) => readFileSync(path.join(other, `remoteEntry.js${extension}`)));
      expect(second).toEqual(first);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
    // The gzip header names no time and no system, which would differ between build machines.
    const gzip = first[1]!;
    expect(gzip.readUInt32LE(4)).toBe(0);
    expect(gzip[9]).toBe(255);
  });

  it('leaves small, incompressible and non-text files alone', () => {
    writeFileSync(path.join(dir, 'small.js'), script.slice(0, minBytes - 1));
    writeFileSync(path.join(dir, 'random.js'), incompressible(8 * 1024));
    writeFileSync(path.join(dir, 'photo.png'), script);
    writeFileSync(path.join(dir, 'exactly.json'), JSON.stringify(script).slice(0, minBytes));
    precompress(dir);
    expect(listing()).toEqual([
      'exactly.json',
      'exactly.json.br',
      'exactly.json.gz',
      'photo.png',
      'random.js',
      'small.js',
    ]);
  });

  it('deletes copies that no longer match a file worth compressing', () => {
    writeFileSync(path.join(dir, 'main.js'), script);
    writeFileSync(path.join(dir, 'gone.js.br'), 'old');
    writeFileSync(path.join(dir, 'gone.js.gz'), 'old');
    writeFileSync(path.join(dir, 'shrunk.js'), 'tiny');
    writeFileSync(path.join(dir, 'shrunk.js.br'), 'a copy of what it was');
    precompress(dir);
    expect(listing()).toEqual(['main.js', 'main.js.br', 'main.js.gz', 'shrunk.js']);
    expect(existsSync(path.join(dir, 'gone.js.br'))).toBe(false);
  });
});
