// The five browser apps webpack builds: the shell and the remotes of shared/src/remotes.json.
import { remotes } from './stack.cjs';

export const apps = [{ name: 'shell', folder: 'shell' }, ...remotes];
