/** The origins (scheme://host:port) of the remote entry URLs, for the CSP and CORS. */
export function remoteOrigins(remoteUrls: string[]): string[] {
  const origins = new Set<string>();
  for (const url of remoteUrls) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // A malformed URL names no origin; the shell will show its fallback for that remote.
    }
  }
  return [...origins];
}

/** Content-Security-Policy directives: our own origin plus the remotes', nothing else runs. */
export function contentSecurityPolicy(remoteUrls: string[], gatewayUrl?: string): Record<string, string[]> {
  const remotes = remoteOrigins(remoteUrls);
  const gateway = gatewayUrl ? remoteOrigins([gatewayUrl]) : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...remotes],
    connectSrc: ["'self'", ...remotes, ...gateway],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:', ...remotes],
    fontSrc: ["'self'", 'data:'],
    frameSrc: ['https://www.youtube.com', 'https://player.vimeo.com'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  };
}
