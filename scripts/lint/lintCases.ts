// Lints code as if it were a file of this repository, with the repository's ESLint config: the lint
// rules' tests use it.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

export interface Found {
  ruleId: string | null;
  message: string;
}

// ESLint loads eslint.config.mjs with import(), which jest's module sandbox refuses without
// --experimental-vm-modules; so the cases are linted by ESLint's API in a plain Node process.
const LINT_CASES = `
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
const eslint = new ESLint();
const found = [];
for (const { code, filePath } of JSON.parse(readFileSync(0, 'utf8'))) {
  const [result] = await eslint.lintText(code, { filePath });
  found.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(found));
`;

export type Case = { file: string; code: string };

/** What the repository's ESLint config says about each file, as if it held its `code`. */
export function lint<Name extends string>(cases: Record<Name, Case>): Record<Name, Found[]> {
  const names = Object.keys(cases) as Name[];
  const input = JSON.stringify(
    names.map((name) => ({ code: cases[name].code, filePath: path.join(root, cases[name].file) })),
  );
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', LINT_CASES], { cwd: root, input });
  const found: Found[][] = JSON.parse(output.toString());
  return Object.fromEntries(names.map((name, index) => [name, found[index]!])) as Record<Name, Found[]>;
}
