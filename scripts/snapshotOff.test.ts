import { readFileSync } from 'node:fs';
import path from 'node:path';
import { withoutSnapshotHandler } from './snapshotOff.cjs';

const coreFile = path.join(path.dirname(require.resolve('@module-federation/runtime-core')), 'core.js');

describe('withoutSnapshotHandler', () => {
  it("gives the installed runtime core's instances the disabled handler, with a manifest cache", () => {
    const core = readFileSync(coreFile, 'utf8');
    const patched = withoutSnapshotHandler(core);
    expect(patched).not.toContain('new SnapshotHandler(');
    expect(patched).toContain(
      'this.snapshotHandler = Object.assign(new DisabledSnapshotHandler(), { manifestCache: new Map() });',
    );
  });

  it('fails, naming the loader, when the core builds its handler another way', () => {
    expect(() => withoutSnapshotHandler('this.snapshotHandler = new SnapshotHandler(this);')).toThrow(
      /scripts\/snapshotOff\.cjs/,
    );
  });
});
