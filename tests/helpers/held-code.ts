import type { Page } from "@playwright/test";
import { getWithHost } from "./http";

/**
 * Holds back, as a slow phone would receive it late, every script chunk a page fetches on demand
 * (the ones its HTML does not name: the code of the parts that go live later, hydrateLater), until
 * `release` is called. `held()` is how many requests are waiting. Call before the page is opened.
 */
export async function holdOnDemandCode(page: Page, port: number, host: string, path: string) {
  const html = (await getWithHost(port, host, path)).body;
  const withThePage = new Set([...html.matchAll(/\/_next\/static\/chunks\/[^"']+\.js/g)].map((m) => m[0]));
  const waiting: (() => Promise<void>)[] = [];
  let holding = true;
  await page.route("**/_next/static/chunks/*.js", (route) => {
    if (!holding || withThePage.has(new URL(route.request().url()).pathname)) return route.continue();
    waiting.push(() => route.continue());
  });
  return {
    held: () => waiting.length,
    release: async () => {
      holding = false;
      for (const go of waiting.splice(0)) await go();
    },
  };
}

/** Waits until React has hydrated the page (it marks the document it listens on). */
export async function pageHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("_reactListening")));
}
