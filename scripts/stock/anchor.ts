/**
 * The day the demo stock is anchored on (scripts/stock-setup.ts): its listing and sold dates follow
 * it, the browser tests freeze the server's clock at noon on it, and the sample dealers' dated
 * promotions are scheduled around it so the ones live that day are in season.
 */
export const DEMO_STOCK_ANCHOR = "2026-11-24T00:00:00.000Z";
