export function serverBuilds(): Promise<string>;
export const SERVER_BUILD_APPS: readonly string[];
