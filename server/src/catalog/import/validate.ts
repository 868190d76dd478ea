import { Compile } from 'typebox/compile';
import { ImportFile } from './format';

/** An import that cannot be loaded; each problem names the entry, e.g. `schools[2].state: …`. */
export class ImportError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The import file has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n  ${problems.join('\n  ')}`,
    );
    this.name = 'ImportError';
  }
}

const checker = Compile(ImportFile);

/** `/schools/2/state` → `schools[2].state` */
export function entryPath(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

/** What a field must be, said more plainly than the schema's own message, by the field's name. */
const PLAINER: Readonly<Record<string, string>> = {
  privacyMode: 'must be true (privacy mode on: no leaderboard, students by first name only) or false (off)',
};

export function validateImport(data: unknown): ImportFile {
  if (checker.Check(data)) return data;
  const problems = checker.Errors(data).map((error) => {
    const where = entryPath(error.instancePath) || '(file)';
    const field = error.instancePath.split('/').at(-1) ?? '';
    return `${where}: ${Object.hasOwn(PLAINER, field) ? PLAINER[field] : error.message}`;
  });
  throw new ImportError([...new Set(problems)].slice(0, 50));
}
