// The Dockerfile names every workspace and every app's build by hand (it cannot read package.json
// or the remote list): these fail when one is added without it. The image itself is checked by
// `npm run docker:check` (scripts/docker-image.sh), which needs Docker and is not part of npm test.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const dockerfile = read('Dockerfile');
const workspaces: string[] = JSON.parse(read('package.json')).workspaces;
const remotes: Record<string, { folder: string }> = JSON.parse(read('shared/src/remotes.json')).remotes;

describe('Dockerfile', () => {
  it("copies every workspace's package.json before npm ci, so the installs match the lockfile", () => {
    const copied = [...dockerfile.matchAll(/^COPY (\S+)\/package\.json \1\/$/gm)].map((match) => match[1]);
    expect(copied.sort()).toEqual([...workspaces].sort());
  });

  it('puts the shell and every remote build in the image', () => {
    for (const folder of ['shell', ...Object.values(remotes).map((remote) => remote.folder)]) {
      expect(dockerfile).toContain(`COPY --from=build /app/${folder}/dist ${folder}/dist\n`);
    }
  });

  it('leaves local state and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.git', '**/node_modules', '**/dist', 'data', '.env', '.env.*', '!.env.example']) {
      expect(ignored).toContain(entry);
    }
  });
});
