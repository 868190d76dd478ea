export function runtimeBundledInRemote(moduleNames: string[]): Record<string, string[]>;
