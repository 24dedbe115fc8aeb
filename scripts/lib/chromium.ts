/**
 * The flags Debian's chromium starts with for the browser tests and the page benchmark: headless
 * machines without a sandbox or GPU, and none of the background traffic (updates, sync, QUIC)
 * that would reach the network or add noise to timings. One list, so the benchmark measures the
 * same browser the tests exercise.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
