export function withoutSnapshotHandler(source: string): string | Error;
