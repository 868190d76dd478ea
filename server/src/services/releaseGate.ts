// The compatibility gate (issue 21): a remote's release runs on the shell's shared singletons, so it
// goes live only if the live shell's build provides a version of each that its build requires.
// The same ranges make the federation runtime refuse the remote in the browser (strictVersion).
import semver from 'semver';
import type { BuildManifest } from '@fu/shared/releases';

/**
 * Why `release` cannot run on `shell`: one sentence per requirement the shell does not meet,
 * empty when it meets them all.
 */
export function unmetRequirements(
  label: string,
  release: Pick<BuildManifest, 'requires'>,
  shell: Pick<BuildManifest, 'provides'>,
): string[] {
  return Object.entries(release.requires).flatMap(([name, range]) => {
    const provided = shell.provides[name];
    if (provided === undefined) return [`${label} needs ${name} ${range}, but the live shell provides none.`];
    if (semver.validRange(range) === null) return [`${label} needs ${name} "${range}", which is not a version range.`];
    if (!semver.satisfies(provided, range, { includePrerelease: true })) {
      return [`${label} needs ${name} ${range}, but the live shell provides ${provided}.`];
    }
    return [];
  });
}
