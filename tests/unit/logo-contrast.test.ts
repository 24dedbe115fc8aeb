import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildSiteStore } from "@/runtime/manifest/store";
import type { DealerManifest } from "@/runtime/generated/types";

// WCAG relative luminance and contrast ratio.
function luminance(hex: string): number {
  const n = hex.replace("#", "");
  const full = n.length === 3 ? [...n].map((c) => c + c).join("") : n;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
};

const store = buildSiteStore();

describe("the header logo's words can be read on the header", () => {
  for (const record of store.sites) {
    if (record.status !== "ok") continue;
    const m = (record as { manifest: DealerManifest }).manifest;
    // A text logo is drawn in the header's own text colour, which the theme-contrast rule checks.
    const logoSrc = "src" in m.theme.logo ? m.theme.logo.src : undefined;
    if (!logoSrc) continue;
    it(`${m.slug}: every text in its logo has at least 3:1 against the header background (large text)`, () => {
      const background = m.theme.colors.headerBackground ?? m.theme.colors.background ?? "#ffffff";
      const svg = readFileSync(path.join(process.cwd(), "public", logoSrc), "utf8");
      // The logo's words are outlines, each <path> naming its words (scripts/lib/svg-text-outline.ts).
      const fills = [...svg.matchAll(/<path data-text="([^"]*)" fill="(#[0-9a-fA-F]{3,6})"/g)];
      expect(fills.length).toBeGreaterThan(0);
      for (const [, text, fill] of fills) expect(contrast(fill!, background), `"${text}" ${fill} on ${background}`).toBeGreaterThanOrEqual(3);
    });
  }
});
