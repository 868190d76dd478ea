import { firstSegment, remoteForPath, showsHeader } from '@fu/shared/remotes';

// The route table (which remote draws a path) and which pages show the header are
// shared/src/remotes.ts's: the server hints a page's remote and paints its header from the same rules.
export { firstSegment, remoteForPath, showsHeader };
