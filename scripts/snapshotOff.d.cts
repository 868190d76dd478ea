export function withoutSnapshotHandler(source: string): string;
