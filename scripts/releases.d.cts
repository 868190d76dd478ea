export const RELEASE_FILE: string;
export const RELEASES_PATH: string;
export const RELEASE_VERSION: RegExp;
export const RESERVED_VERSIONS: readonly string[];
export function releasesDir(env?: Record<string, string | undefined>): string;
