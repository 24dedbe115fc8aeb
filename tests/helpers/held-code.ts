import type { Page } from "@playwright/test";
import { getWithHost } from "./http";

/** Script chunks held back until `release`; `held()` is how many requests are waiting. */
export interface HeldCode {
  held: () => number;
  release: () => Promise<void>;
}

async function holdScripts(page: Page, holds: (path: string) => boolean): Promise<HeldCode> {
  const waiting: (() => Promise<void>)[] = [];
  let holding = true;
  await page.route("**/_next/static/chunks/*.js", (route) => {
    if (!holding || !holds(new URL(route.request().url()).pathname)) return route.continue();
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

/**
 * Holds back, as a slow phone would receive it late, every script chunk a page fetches on demand
 * (the ones its HTML does not name: the code of the parts that go live later, hydrateLater), until
 * `release` is called. Call before the page is opened.
 */
export async function holdOnDemandCode(page: Page, port: number, host: string, path: string): Promise<HeldCode> {
  const html = (await getWithHost(port, host, path)).body;
  const withThePage = new Set([...html.matchAll(/\/_next\/static\/chunks\/[^"']+\.js/g)].map((m) => m[0]));
  return holdScripts(page, (chunk) => !withThePage.has(chunk));
}

/**
 * Holds back every script chunk, the page's own too, so that the page is not hydrated until
 * `release`: what a visitor on a slow phone does to the server's markup before any code runs.
 * Open the page with `waitUntil: "domcontentloaded"` (its load waits for the held scripts).
 */
export function holdAllCode(page: Page): Promise<HeldCode> {
  return holdScripts(page, () => true);
}

/** Waits until React has hydrated the page (it marks the document it listens on). */
export async function pageHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("_reactListening")));
}
