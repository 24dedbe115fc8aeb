import { renderToStaticMarkup } from "react-dom/server";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { buildSiteStore } from "@/runtime/manifest/store";
import { blockRegistry } from "@/blocks";
import { renderBlocks } from "@/runtime/render/render-blocks";
import type { SiteContext } from "@/runtime/render/types";

/**
 * The test-drive page asks only for what its form has: the form has no vehicle field (the spec's
 * test-drive form is contact details, an optional message, date and time), so the page asks for
 * the vehicle in the message rather than telling the shopper to pick one.
 */
const store = buildSiteStore();
const SLUGS = ["sunshine-chery", "harbour-motor-group", "twg-group", "outback-caravans"];

async function renderPath(slug: string, path: string): Promise<string> {
  const manifest = (store.bySlug.get(slug) as { manifest: SiteContext["manifest"] }).manifest;
  const route = manifest.routes[path];
  expect(route, `${slug} has ${path}`).toBeTruthy();
  const site = { manifest, pattern: path, params: {}, pathname: path, searchParams: {}, origin: `http://${slug}.localhost`, now: new Date() } as SiteContext;
  return renderToStaticMarkup(<>{(await renderBlocks(route.blocks, "page", { registry: blockRegistry, outcomes: new Map(), site })) as ReactNode}</>);
}

describe("the test-drive page", () => {
  for (const slug of SLUGS) {
    it(`${slug}: asks for the vehicle in the message, which its form has, and never to pick one from a field it lacks`, async () => {
      const html = await renderPath(slug, "/book-test-drive");
      const hasVehicleField = /<(select|input)[^>]*name="(car_id|vehicle|stock_number)"/.test(html);
      expect(hasVehicleField).toBe(false);
      expect(html).not.toMatch(/pick the vehicle/i);
      expect(html).toContain("tell us in the message which vehicle you would like to drive");
      expect(html).toMatch(/<textarea[^>]*name="message"/);
    });
  }
});
