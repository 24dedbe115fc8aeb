/**
 * The fixed day the tests' demo stock is anchored on (scripts/stock-setup.ts without options, as
 * npm test runs it): its listing and sold dates follow it, and the browser tests freeze the
 * server's clock at noon on it, so the visual baselines hold on any day. `npm start` anchors its
 * stock on the day it runs instead. The sample dealers' dated promotions repeat every year, so on
 * this day, as on any other, the ones shown are in season.
 */
export const DEMO_STOCK_ANCHOR = "2026-11-24T00:00:00.000Z";
