// The Node.js versions the server runs on, checked before anything else is loaded: on an older Node a
// dependency would fail deep inside itself, with a stack trace that names neither the cause nor the fix.
// Keep SUPPORTED_NODE equal to `engines.node` in package.json (a test compares them).
export const SUPPORTED_NODE = '^22.13.0 || >=24';

/** The sentence refusing `version` (like "20.20.2"), or undefined when it is supported. */
export function unsupportedNodeMessage(version: string): string | undefined {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  if (major >= 24 || (major === 22 && minor >= 13)) return undefined;
  return (
    `Fundraising University runs on Node.js 22 (22.13 or later) or 24; this is Node.js ${version.replace(/^v/, '')}. ` +
    'Install Node.js 24 LTS, or run it through npm (npm start), which uses the Node.js the project installs.'
  );
}

/** Exits with the sentence when this Node.js is not supported. */
export function exitUnlessSupportedNode(version = process.versions.node): void {
  const message = unsupportedNodeMessage(version);
  if (!message) return;
  console.error(message);
  process.exit(1);
}
