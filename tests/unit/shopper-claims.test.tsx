import { renderToStaticMarkup } from "react-dom/server";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { buildSiteStore } from "@/runtime/manifest/store";
import { blockRegistry } from "@/blocks";
import { renderBlocks } from "@/runtime/render/render-blocks";
import { isEnabled } from "@/runtime/flags";
import type { SiteContext } from "@/runtime/render/types";

/** Promises a shopper reads on the sample sites are true of the dealer making them. */
const store = buildSiteStore();
const SLUGS = ["sunshine-chery", "harbour-motor-group", "twg-group", "outback-caravans"];

async function renderPath(slug: string, path: string): Promise<string> {
  const record = store.bySlug.get(slug);
  expect(record?.status).toBe("ok");
  const manifest = (record as { manifest: SiteContext["manifest"] }).manifest;
  const route = manifest.routes[path];
  expect(route, `${slug} has ${path}`).toBeTruthy();
  const site = { manifest, pattern: path, params: {}, pathname: path, searchParams: {}, origin: `http://${slug}.localhost`, now: new Date() } as SiteContext;
  return renderToStaticMarkup(<>{(await renderBlocks(route.blocks, "page", { registry: blockRegistry, outcomes: new Map(), site })) as ReactNode}</>);
}

describe("the 48-hour money-back guarantee", () => {
  for (const slug of SLUGS) {
    it(`${slug}'s About page promises it only when the dealer offers it`, async () => {
      const manifest = (store.bySlug.get(slug) as { manifest: SiteContext["manifest"] }).manifest;
      const html = await renderPath(slug, "/about-us");
      expect(html).toContain("About us");
      expect(/money-back/i.test(html)).toBe(isEnabled(manifest, "moneyBackGuarantee"));
    });
  }
  it("is offered by one sample dealer (Harbour) and not the others", () => {
    const offering = SLUGS.filter((s) => isEnabled((store.bySlug.get(s) as { manifest: SiteContext["manifest"] }).manifest, "moneyBackGuarantee"));
    expect(offering).toEqual(["harbour-motor-group"]);
  });
});
