// A webpack loader for @module-federation/runtime-core's core.js, in the shell's build only (the
// remotes take the core from the shell's page). `experiments.optimization.disableSnapshot` drops the
// snapshot plugin but not its handler: every instance still builds a SnapshotHandler, whose manifest
// fetching and snapshot generation (1.5 KB gz of main.js) only manifest remotes and preloadRemote use.
// Remotes here are registered by their remoteEntry.js URL and nothing preloads, so each instance gets
// the core's own DisabledSnapshotHandler instead, with the one field the rest of the core touches on
// a remote's way (removeRemote, when Retry registers a remote again with `force`, clears the entry's
// cached manifest). The build fails when the core no longer has the line this replaces.

const HANDLER_LINE = 'this.snapshotHandler = USE_REMOTE ? new SnapshotHandler(this) : new DisabledSnapshotHandler();';
const WITHOUT_SNAPSHOTS =
  'this.snapshotHandler = Object.assign(new DisabledSnapshotHandler(), { manifestCache: new Map() });';

/** core.js with the snapshot handler disabled; throws, naming what changed upstream, when it cannot. */
function withoutSnapshotHandler(source) {
  const count = source.split(HANDLER_LINE).length - 1;
  if (count !== 1) {
    throw new Error(
      `@module-federation/runtime-core's core.js has ${count} copies of the line scripts/snapshotOff.cjs replaces ` +
        `(expected 1): check what the new version builds its snapshot handler from, then update the loader.`,
    );
  }
  return source.replace(HANDLER_LINE, WITHOUT_SNAPSHOTS);
}

module.exports = withoutSnapshotHandler;
module.exports.withoutSnapshotHandler = withoutSnapshotHandler;
