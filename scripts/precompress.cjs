// Pre-compressed copies of a production build's text files: <file>.br (Brotli at its highest quality)
// and <file>.gz (gzip level 9) beside each, so the API host, the remote file servers and a CDN send
// the smallest encoding without compressing on every request (docs/operations.md). scripts/build.mjs
// runs it on each app after webpack; each app's `npm run build` runs `node scripts/precompress.cjs dist`.
const { readdirSync, readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { brotliCompressSync, constants, gzipSync } = require('node:zlib');
const { minBytes } = require('@fu/shared/compression.json');

/** What a page or the federation runtime fetches as text; images and fonts arrive compressed already. */
const TEXT_FILE = /\.(js|css|html|json|svg|txt)$/i;
const COPY = /\.(br|gz)$/;
/** RFC 1952: byte 9 of a gzip header names the system that wrote it (zlib puts 3 on Linux, 19 on macOS). */
const GZIP_OS = 9;
const UNKNOWN_OS = 255;

const encoders = {
  '.br': (data) =>
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  '.gz': (data) => {
    const gzip = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
    // zlib leaves the time at 0; the system byte is fixed too, so every build machine writes the same bytes.
    gzip[GZIP_OS] = UNKNOWN_OS;
    return gzip;
  },
};

/** The copies worth sending for one file's bytes: none under the size worth compressing, and only smaller ones. */
function compressedCopies(data) {
  if (data.length < minBytes) return [];
  return Object.entries(encoders)
    .map(([extension, encode]) => ({ extension, bytes: encode(data) }))
    .filter((copy) => copy.bytes.length < data.length);
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const file = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(file) : [file];
    })
    .sort();
}

/**
 * Writes the copies beside every text file under `dir`, and deletes any .br or .gz it did not write
 * this time (its file is gone, or no longer worth compressing), so no copy is ever stale.
 * Returns each text file with its size and the size of each copy written.
 */
function precompress(dir) {
  const files = filesUnder(dir);
  const written = new Set();
  const results = files
    .filter((file) => TEXT_FILE.test(file))
    .map((file) => {
      const data = readFileSync(file);
      const result = { file, bytes: data.length };
      for (const { extension, bytes } of compressedCopies(data)) {
        writeFileSync(file + extension, bytes);
        written.add(file + extension);
        result[extension] = bytes.length;
      }
      return result;
    });
  for (const file of files) if (COPY.test(file) && !written.has(file)) rmSync(file);
  return results;
}

/** One line for the build's log: "9 of 21 files pre-compressed: 512.3 KB → 121.0 KB br, 139.8 KB gz". */
function summary(results) {
  const compressed = results.filter((result) => result['.br'] || result['.gz']);
  const kb = (key) => `${(compressed.reduce((sum, result) => sum + (result[key] ?? 0), 0) / 1024).toFixed(1)} KB`;
  return `${compressed.length} of ${results.length} files pre-compressed: ${kb('bytes')} → ${kb('.br')} br, ${kb('.gz')} gz`;
}

module.exports = { compressedCopies, precompress, summary };

if (require.main === module) {
  const dirs = process.argv.slice(2);
  if (!dirs.length || !dirs.every((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory())) {
    console.error('Usage: node scripts/precompress.cjs <build folder>…');
    process.exit(2);
  }
  for (const dir of dirs) console.log(`${dir}: ${summary(precompress(dir))}`);
}
