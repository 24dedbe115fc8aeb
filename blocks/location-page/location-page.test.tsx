import { renderToStaticMarkup } from "react-dom/server";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSiteStore } from "@/runtime/manifest/store";
import { blockRegistry } from "@/blocks";
import { renderBlocks } from "@/runtime/render/render-blocks";
import type { SiteContext } from "@/runtime/render/types";
import { locationPageMetadata } from "./metadata";
import { blockProps } from "@/tests/helpers/block-props";
import { isNotFoundSignal } from "@/tests/helpers/next-signals";

const store = buildSiteStore();
const manifestOf = (slug: string) => (store.bySlug.get(slug) as { manifest: SiteContext["manifest"] }).manifest;

function site(slug: string, pattern: string, locationSlug: string, now = new Date("2026-11-24T00:00:00Z")): SiteContext {
  return {
    manifest: manifestOf(slug),
    pattern,
    params: { slug: locationSlug },
    pathname: pattern.replace("[slug]", locationSlug),
    searchParams: {},
    origin: `http://${slug}.localhost`,
    now,
  };
}

async function render(s: SiteContext): Promise<string> {
  const route = s.manifest.routes[s.pattern!];
  return renderToStaticMarkup(<>{(await renderBlocks(route.blocks, "page", { registry: blockRegistry, outcomes: new Map(), site: s })) as ReactNode}</>);
}

describe("location-page block", () => {
  beforeEach(() => vi.stubEnv("GOOGLE_MAPS_API_KEY", ""));
  afterEach(() => vi.unstubAllEnvs());

  it("shows the header, hours with today marked, holiday hours, contact details, the stock link and JSON-LD", async () => {
    // Tuesday 24 November 2026, 10:00 in Brisbane.
    const html = await render(site("sunshine-chery", "/contact-us/[slug]", "springwood"));
    expect(html).toContain("<h1>Sunshine Chery Springwood</h1>");
    expect(html).toContain("3360 Pacific Highway, Springwood QLD 4127");
    expect(html).toContain('href="https://www.google.com/maps/dir/?api=1&amp;destination=-27.6127,153.129"');
    expect(html).toContain('data-open-now="open"');
    expect(html).toContain("Open now until 5:30pm");
    expect(html).toMatch(/aria-current="date"[^>]*><th scope="row"><span aria-hidden="true">Mon - Fri<\/span>/);
    expect(html).toContain('commandfor="location-holiday-hours"');
    expect(html).toContain("Christmas Day");
    expect(html).toContain("8:00am - 1:00pm");
    expect(html).toContain('href="tel:0732094100"');
    expect(html).toContain('href="/search?location_id=1011"');
    expect(html).toContain('"@type":"AutoDealer"');
    expect(html).toContain('"openingHoursSpecification"');
    expect(html).toContain('"validFrom":"2026-12-25"');
    expect(html).toContain("Rated 4.7 out of 5 from 612 reviews");
    // No Maps key: an address card, never a map placeholder.
    expect(html).not.toContain('data-map="pending"');
    expect(html).toContain("data-location-card");
  });

  it("reads open-now in the location's own time zone (Sydney daylight saving)", async () => {
    // 06:45 UTC on Wednesday 18 November 2026 is 17:45 in Sydney (AEDT): closed.
    const html = await render(site("harbour-motor-group", "/locations/[slug]", "parramatta", new Date("2026-11-18T06:45:00Z")));
    expect(html).toContain('data-open-now="closed"');
  });

  it("shows the department selector when several locations share an address", async () => {
    const html = await render(site("twg-group", "/our-location/[slug]", "eagle-farm-service"));
    expect(html).toContain('aria-label="Departments at this address"');
    expect(html).toContain('href="/our-location/eagle-farm"');
    expect(html).toMatch(/aria-current="page"[^>]*>Service</);
    expect(html).toContain('"@type":"AutoRepair"');
  });

  it("renders a map placeholder when a Maps key is configured", async () => {
    vi.stubEnv("GOOGLE_MAPS_API_KEY", "fake-key-for-tests");
    expect(await render(site("sunshine-chery", "/contact-us/[slug]", "springwood"))).toContain('data-map="pending"');
  });

  it("is a 404 under another path than the site's setting, or for an unknown slug", async () => {
    expect(isNotFoundSignal(await render(site("sunshine-chery", "/locations/[slug]", "springwood")).catch((e: unknown) => e))).toBe(true);
    expect(isNotFoundSignal(await render(site("sunshine-chery", "/contact-us/[slug]", "nowhere")).catch((e: unknown) => e))).toBe(true);
  });

  it("titles the page with the location", () => {
    expect(locationPageMetadata(blockProps("location-page"), undefined, site("sunshine-chery", "/contact-us/[slug]", "springwood"))).toMatchObject({
      title: "Sunshine Chery Springwood",
    });
  });
});
