import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The WCAG 2.2 AA rule sets: the level the platform promises on every page. */
export const WCAG_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export interface AxeScope {
  /** Only this part of the page (a CSS selector). */
  include?: string;
  /** Leave this part out (e.g. the studio's preview iframe, checked on its own). */
  exclude?: string;
  /** Rule sets to run; "all" adds axe's best practices to the WCAG rules. */
  tags?: string[] | "all";
  /** Prefixed to each line, to say which page or state a violation was found on. */
  label?: string;
}

/** Every axe violation on the page, whatever its impact, one readable line each. */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  // A client-side navigation streams the new page's title after its content: a whole-page check waits for it, so
  // axe's document-title never reads the moment between (a page that never gets a title still fails, here).
  if (!scope.include) await expect(page, "the page has a title").toHaveTitle(/\S/);
  let builder = new AxeBuilder({ page });
  const tags = scope.tags ?? WCAG_AA_TAGS;
  if (tags !== "all") builder = builder.withTags(tags);
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  const results = await builder.analyze();
  const prefix = scope.label ? `${scope.label}: ` : "";
  return results.violations.map((v) => `${prefix}${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Fails the test on any axe violation (any impact: minor ones too), listing them all. */
export async function axeClean(page: Page, scope: AxeScope = {}): Promise<void> {
  expect(await axeViolations(page, scope)).toEqual([]);
}
