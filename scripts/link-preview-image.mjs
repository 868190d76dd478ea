// Draws the site's default link-preview picture (server/public/images/link-preview.png, 1200×630,
// the size Open Graph and Twitter cards show best) in Debian's Chromium, from the brand colours.
// Crawlers ignore SVG, so the preview needs a PNG; the file is committed, run this to redraw it:
//   node scripts/link-preview-image.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'server', 'public', 'images', 'link-preview.png');

const card = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:96px;background:#112d48;color:#fff;
  font-family:'DejaVu Sans','Liberation Sans',sans-serif;display:flex;flex-direction:column;justify-content:center;gap:40px">
  <div style="display:flex;align-items:center;gap:36px">
    <div style="width:150px;height:150px;border-radius:28px;background:#fff;color:#112d48;display:flex;
      align-items:center;justify-content:center;font-size:68px;font-weight:700">FU</div>
    <div style="font-size:64px;font-weight:700;line-height:1.1">Fundraising<br>University</div>
  </div>
  <div style="height:8px;width:240px;background:#26c6da;border-radius:4px"></div>
  <div style="font-size:44px;line-height:1.3">Support a school or team fundraiser:<br>order or donate online.</div>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(card);
  await page.screenshot({ path: out, type: 'png' });
  console.log(`Wrote ${path.relative(root, out)}`);
} finally {
  await browser.close();
}
