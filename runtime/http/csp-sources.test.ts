import { describe, expect, it } from "vitest";
import type { DealerManifest } from "../generated/types";
import { dealerCspSources } from "./csp-sources";

const m = (over: Partial<DealerManifest>) => over as DealerManifest;

describe("dealerCspSources", () => {
  it("adds Google Maps origins only when a Maps key is configured", () => {
    expect(dealerCspSources(m({}), {})).toEqual({});
    expect(dealerCspSources(m({ maps: { apiKey: "AIzaSyExampleKey0000000000000000000" } }), {}).script).toContain("https://*.googleapis.com");
    expect(dealerCspSources(m({}), { GOOGLE_MAPS_API_KEY: "k" }).connect).toContain("https://*.googleapis.com");
  });
  it("adds the dealer's allowed origins (Stripe) and embedders, and its scripts' origins", () => {
    const s = dealerCspSources(
      m({
        security: { allowedOrigins: ["https://js.stripe.com"], frameAncestors: ["https://group.example.com"] },
        scripts: [{ src: "https://cdn.example.com/tag.js" }],
      }),
      {},
    );
    expect(s.script).toEqual(["https://cdn.example.com", "https://js.stripe.com"]);
    expect(s.frame).toEqual(["https://js.stripe.com"]);
    expect(s.ancestors).toEqual(["https://group.example.com"]);
  });

  it("allows Stripe.js, its frames and its API only for a dealer whose reservations use Stripe", () => {
    const stripe = dealerCspSources(m({ reservations: { gateway: "stripe" } } as never), {});
    expect(stripe.script).toContain("https://js.stripe.com");
    expect(stripe.frame).toContain("https://js.stripe.com");
    expect(stripe.connect).toContain("https://api.stripe.com");
    expect(dealerCspSources(m({ reservations: { gateway: "test" } } as never), {}).script ?? []).not.toContain("https://js.stripe.com");
  });

  it("lets the browser reach Algolia only for a dealer searching there", () => {
    expect(dealerCspSources(m({ search: { engine: "algolia", algolia: { appId: "A", searchKey: "k" } } as never }), {}).connect).toContain(
      "https://*.algolia.net",
    );
    expect(dealerCspSources(m({ search: { engine: "embedded" } as never }), {}).connect).toBeUndefined();
  });

  it("lists the dealer's picture hosts (its manifest's https URLs and its stock's photo hosts) only when the stock's are known", () => {
    const manifest = m({ theme: { logo: "https://cdn.dealer.example/logo.svg" } } as never);
    expect(dealerCspSources(manifest, {}).imgHosts).toBeUndefined();
    expect(dealerCspSources(manifest, {}, ["https://photos.feed.example"]).imgHosts).toEqual(["https://cdn.dealer.example", "https://photos.feed.example"]);
    expect(dealerCspSources(m({}), {}, []).imgHosts).toEqual([]);
    // Third-party scripts beacon to hosts nobody lists: any https picture stays allowed.
    expect(dealerCspSources(m({ scripts: [{ src: "https://www.googletagmanager.com/gtm.js" }] }), {}, []).imgHosts).toBeUndefined();
    const many = Array.from({ length: 70 }, (_, i) => `https://h${i}.example`);
    expect(dealerCspSources(manifest, {}, many).imgHosts).toBeUndefined();
  });
});
