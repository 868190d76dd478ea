// .env.example and the variables table of docs/configuration.md, written from the schema
// (schema.ts). server/src/scripts/configFiles.ts writes them; server/test/config.test.ts fails when
// the committed files differ from what these functions give.
import { MIN_SECRET_LENGTH } from '../productionSecrets';
import { ANY_TEXT, GROUPS, accepted, variables } from './schema';

/** The command that rewrites both files. */
export const WRITE_COMMAND = 'node --import tsx server/src/scripts/configFiles.ts';

/** The lines around the generated table in docs/configuration.md. */
export const TABLE_START = `<!-- variables: generated from server/src/platform/config/env/schema.ts by \`${WRITE_COMMAND}\`; edit there -->`;
export const TABLE_END = '<!-- end of variables -->';

const SECRET_NOTE = `Secret: a random value of at least ${MIN_SECRET_LENGTH} characters, e.g. from \`openssl rand -hex 32\`.`;

/** Markdown as plain text: code spans and links lose their marks. */
const plain = (markdown: string) => markdown.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
const byGroup = () =>
  GROUPS.map((group) => ({ group, members: variables().filter(([, schema]) => schema.group === group) }));

/** The default in Markdown: the schema's constant, else how it is computed, else unset. */
function shownDefault(schema: ReturnType<typeof variables>[number][1]): string {
  if (schema.default !== undefined) return `\`${String(schema.default)}\``;
  return schema.shownDefault ?? 'unset';
}

export function renderEnvExample(): string {
  const lines = [
    '# Every environment variable the API reads, with its default. Unset or empty means the default:',
    '# uncomment and change only what you need. Copied to .env, it is read by npm start, npm run dev,',
    '# npm run api, migrate and import (variables already in the environment win); never by',
    '# node server/dist/main.js or the container image (docs/configuration.md#a-env-file).',
    `# Generated from server/src/platform/config/env/schema.ts by \`${WRITE_COMMAND}\`; edit there.`,
    '# NODE_ENV=production also needs DATABASE_URL, no demo data, RECEIPT_SECRET, SANDBOX_SECRET_KEY and',
    '# ADMIN_API_TOKEN of their own, EMAIL_FROM at its own domain, and PUBLIC_URL, PAYMENT_GATEWAY_URL and',
    '# every REMOTE_<NAME>_URL set and not at localhost (docs/configuration.md#production-rules).',
  ];
  for (const { group, members } of byGroup()) {
    lines.push('', `# ---- ${group} ----`);
    for (const [name, schema] of members) {
      lines.push('', `# ${plain(schema.description)}`);
      const accepts = accepted(schema);
      const details = accepts === ANY_TEXT ? [] : [`Accepts ${accepts}.`];
      if (schema.default === undefined && schema.shownDefault) details.push(`Default: ${plain(schema.shownDefault)}.`);
      if (details.length) lines.push(`# ${details.join(' ')}`);
      if (schema.secret) lines.push(`# ${plain(SECRET_NOTE)}`);
      const value = schema.default !== undefined ? String(schema.default) : (schema.example ?? '');
      lines.push(`# ${name}=${value}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A Markdown table laid out as Prettier lays it out (so `prettier --check` leaves it alone). */
function table(header: string[], rows: string[][]): string {
  const cells = [header, ...rows].map((row) => row.map((cell) => cell.replace(/\|/g, '\\|')));
  const widths = header.map((_, column) => Math.max(3, ...cells.map((row) => row[column]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  const [head, ...body] = cells;
  return [line(head!), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n');
}

/** The variables section of docs/configuration.md, between TABLE_START and TABLE_END. */
export function renderConfigTable(): string {
  const parts = [TABLE_START];
  for (const { group, members } of byGroup()) {
    const rows = members.map(([name, schema]) => [
      `\`${name}\``,
      shownDefault(schema),
      accepted(schema).replace(/^an? /, ''),
      (schema.secret ? '**Secret.** ' : '') + schema.description,
    ]);
    parts.push(`### ${group}`, table(['Variable', 'Default', 'Accepts', 'Meaning'], rows));
  }
  parts.push(TABLE_END);
  return parts.join('\n\n');
}

/** `document` (docs/configuration.md) with its variables section replaced by the generated one. */
export function withConfigTable(document: string): string {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  if (start < 0 || end < start) {
    throw new Error(`docs/configuration.md has lost its markers:\n${TABLE_START}\n${TABLE_END}`);
  }
  return document.slice(0, start) + renderConfigTable() + document.slice(end + TABLE_END.length);
}
