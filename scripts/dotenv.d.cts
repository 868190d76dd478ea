export function loadDotEnv(options?: {
  file?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}): { set: string[]; kept: string[] } | undefined;
