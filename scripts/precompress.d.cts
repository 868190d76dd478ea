export interface PrecompressResult {
  file: string;
  bytes: number;
  '.br'?: number;
  '.gz'?: number;
}
export function compressedCopies(data: Buffer): { extension: '.br' | '.gz'; bytes: Buffer }[];
export function precompress(dir: string): PrecompressResult[];
export function summary(results: PrecompressResult[]): string;
