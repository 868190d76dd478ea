// After an e2e run: no card number or security code may be left in the database or in the logs
// of the API and the payment sandbox (issue: security checks). Card data belongs to the gateway's
// token only.

import { luhnValid } from '../../server/src/payments/sandbox/cards';

/** Keys a stored or logged object must never carry. */
const CARD_KEYS = /"(cardNumber|card_number|pan|cvv|cvc|cvv2|securityCode|security_code)"\s*:/i;

/**
 * Where `text` holds card data: a 15- or 16-digit run that passes the Luhn check (a card number;
 * timestamps in milliseconds have 13 digits, phone numbers 10), or a card-data key.
 *
 * SHA-256 hashes in hex are left out first: the database keeps them (browser keys on every order,
 * texted codes, ticket devices), and about one in a thousand holds a Luhn-valid run of 15 or 16
 * digits, which would fail a clean run at random.
 */
export function findCardData(text: string): string[] {
  const found: string[] = [];
  const withoutHashes = text.replace(/(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/gi, ' ');
  // Not the fraction digits of a decimal number (a logged response time, say).
  for (const match of withoutHashes.matchAll(/(?<![\d.])\d{15,16}(?!\d|\.\d)/g)) {
    if (luhnValid(match[0])) found.push(`card number ${match[0].slice(0, 4)}…${match[0].slice(-4)}`);
  }
  const key = CARD_KEYS.exec(text);
  if (key) found.push(`key ${key[1]}`);
  return found;
}

/** Every row of every table of the run's database, as JSON lines (the API must have stopped). */
export async function dumpDatabase(dataDir: string): Promise<string> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dataDir);
  try {
    const tables = await db.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    const rows: string[] = [];
    for (const { name } of tables.rows) {
      const result = await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${name}" t`);
      rows.push(...result.rows.map((r) => `${name}: ${r.row}`));
    }
    return rows.join('\n');
  } finally {
    await db.close();
  }
}
