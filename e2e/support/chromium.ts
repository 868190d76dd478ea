// Debian's Chromium, never a downloaded browser build (scripts/ensure-chromium.sh installs it), with
// the flags every headless run here uses: the e2e suite and the bench (page weight, Lighthouse).

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
