// How Kontor's browser tests and benchmarks start Chromium: Debian's build (never a downloaded
// one), headless, with the background services off that this machine's closed network refuses.

/** @type {string} */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** @type {string[]} */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
