import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface PageWeight {
  path: string;
  scripts: number;
  gzipBytes: number;
}

/** Opens each path in a fresh Chromium context (cold cache) and sums the gzip size of every script it loaded. */
export async function measurePages(baseURL: string, paths: string[], readySelector: string): Promise<PageWeight[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const weights: PageWeight[] = [];
    for (const pagePath of paths) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const bodies: Promise<Buffer>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') bodies.push(response.body());
      });
      await page.goto(`${baseURL}${pagePath}`);
      await page.waitForSelector(readySelector);
      await page.waitForLoadState('networkidle');
      const scripts = await Promise.all(bodies);
      weights.push({
        path: pagePath,
        scripts: scripts.length,
        gzipBytes: scripts.reduce((sum, body) => sum + gzipSync(body).length, 0),
      });
      await context.close();
    }
    return weights;
  } finally {
    await browser.close();
  }
}
