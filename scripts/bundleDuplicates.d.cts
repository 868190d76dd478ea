export function duplicateModules(moduleNames: string[]): string[][];
export function bundledModuleNames(stats: import('webpack').Stats): string[];
