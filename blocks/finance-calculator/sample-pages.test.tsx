import { renderToStaticMarkup } from "react-dom/server";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { buildSiteStore } from "@/runtime/manifest/store";
import { blockRegistry } from "@/blocks";
import { renderBlocks } from "@/runtime/render/render-blocks";
import type { SiteContext } from "@/runtime/render/types";
import { COMPARISON_RATE_WARNING } from "@/runtime/finance";

/** The sample manifests' finance pages, rendered with the real registry as the server would. */
const store = buildSiteStore();
const pages: Record<string, string[]> = {
  "sunshine-chery": ["/finance", "/price-range"],
  "harbour-motor-group": ["/finance", "/finance-enquiry", "/apply-for-finance"],
  "twg-group": ["/finance", "/finance-enquiry", "/apply-for-finance"],
  "outback-caravans": ["/finance", "/price-range"],
};

describe("sample finance pages", () => {
  for (const [slug, paths] of Object.entries(pages)) {
    for (const path of paths) {
      it(`${slug} ${path} renders every block without an error`, async () => {
        const record = store.bySlug.get(slug);
        expect(record?.status).toBe("ok");
        const manifest = (record as { manifest: SiteContext["manifest"] }).manifest;
        const route = manifest.routes[path];
        expect(route, `${slug} has ${path}`).toBeTruthy();
        const site = {
          manifest,
          pattern: path,
          params: {},
          pathname: path,
          searchParams: {},
          origin: `http://${slug}.localhost`,
          now: new Date(),
        } as SiteContext;
        const errors = vi.spyOn(console, "error").mockImplementation(() => {});
        const html = renderToStaticMarkup(
          <>{(await renderBlocks(route.blocks, "page", { registry: blockRegistry, outcomes: new Map(), site })) as ReactNode}</>,
        );
        expect(errors).not.toHaveBeenCalled();
        errors.mockRestore();
        expect(html).toMatch(/<h1[^>]*>/);
        if (path === "/price-range") {
          expect(html).toContain("range%5Bprice%5D=5000%3A250000&amp;sortBy=Car_production%3Aprice%3Adesc");
          return;
        }
        const provider = (manifest as { finance: { providers: Array<{ name: string; disclaimer: string }> } }).finance.providers[0];
        expect(html).toContain('id="finance-calculator"');
        expect(html).toContain(provider.name);
        expect(html).toContain(COMPARISON_RATE_WARNING);
        // Every advertised rate stands with its comparison rate.
        const text = html
          .replace(/<[^>]+>/g, "")
          .replace(/&#x27;/g, "'")
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, "&");
        const advertised = text.match(/Interest rate \d+\.\d\d% p\.a\./g) ?? [];
        const paired = text.match(/Interest rate \d+\.\d\d% p\.a\. \(comparison rate \d+\.\d\d% p\.a\.\*\)/g) ?? [];
        expect(advertised.length).toBeGreaterThan(0);
        expect(paired.length).toBe(advertised.length);
        if (path === "/finance") expect(text).toContain(provider.disclaimer); // full text in the provider card
      });
    }
  }
});
