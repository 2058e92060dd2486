import { existsSync } from 'node:fs';

/**
 * Playwright cannot download its own browser on these machines, so tests use a system
 * Chromium: the path in TICKDESK_CHROMIUM (or CHROME_PATH), else the usual install paths.
 */
export function findChromium(): string | undefined {
  const candidates = [
    process.env.TICKDESK_CHROMIUM,
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
  ];
  return candidates.find((p): p is string => !!p && existsSync(p));
}

/** Flags that keep a headless Chromium quiet on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
