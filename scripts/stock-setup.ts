// Generates the demo stock when it is missing (deterministic; see scripts/stock/generate.ts).
//
// Anchored on a fixed day, not on the day it runs: the stock's dates (listing, build month, rego
// expiry, model years) follow its anchor, and the browser tests freeze the server's clock at noon
// on that day (playwright.config.ts), so every machine on every day renders the same pages and the
// visual baselines (tests/e2e/visual.spec.ts) hold. `npm run stock:generate` makes stock anchored
// on today for a demo that should look fresh.
import path from "node:path";
import { ensureStock } from "./stock/generate";
import { DEMO_STOCK_ANCHOR } from "./stock/anchor";

export { DEMO_STOCK_ANCHOR };

ensureStock(path.resolve(import.meta.dirname, ".."), { now: new Date(DEMO_STOCK_ANCHOR) });
