// What a browser tab keeps between the pages of different remotes (browser only).
export * from './recordedSale';
