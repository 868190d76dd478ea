import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import webpack from 'webpack';

/** Builds react + react-dom + react-router alone, in production mode, and returns its gzip JS bytes. */
export async function reactFloorGzipBytes(root: string): Promise<number> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'fu-floor-'));
  await new Promise<void>((resolve, reject) => {
    webpack(
      {
        mode: 'production',
        context: root,
        entry: path.join(root, 'bench', 'react-floor', 'floor.tsx'),
        output: { path: outDir, filename: 'floor.js' },
        resolve: { extensions: ['.tsx', '.ts', '.js'] },
        module: {
          rules: [
            {
              test: /\.tsx?$/,
              loader: 'ts-loader',
              options: { transpileOnly: true, configFile: path.join(root, 'tsconfig.build.json') },
            },
          ],
        },
      },
      (error, stats) => (error || stats?.hasErrors() ? reject(error ?? new Error(stats?.toString())) : resolve()),
    );
  });
  return readdirSync(outDir)
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipSync(readFileSync(path.join(outDir, file))).length, 0);
}
