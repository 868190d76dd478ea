import { existsSync, readFileSync } from 'node:fs';
import { dumpDatabase, findCardData } from './cardData';
import { prepareReleases } from './releases';
import { apiDataDir, logFile, startStack } from './stack';

export default async function globalSetup() {
  prepareReleases();
  const stack = await startStack();
  try {
    await stack.ready();
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return async () => {
    await stack.stop();
    await assertNoCardData();
  };
}

/** Issue 8, security: after the run no card number or security code is in the database or the logs. */
async function assertNoCardData() {
  const places: [string, string][] = [['database', await dumpDatabase(apiDataDir())]];
  for (const name of ['api', 'sandbox']) {
    if (existsSync(logFile(name))) places.push([`${name} log`, readFileSync(logFile(name), 'utf8')]);
  }
  const problems = places.flatMap(([place, text]) => findCardData(text).map((found) => `${place}: ${found}`));
  if (problems.length) throw new Error(`Card data left after the e2e run:\n${problems.join('\n')}`);
  console.log(`No card data in the database or logs (${places.map(([place]) => place).join(', ')}).`);
}
