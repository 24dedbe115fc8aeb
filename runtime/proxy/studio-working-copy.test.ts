import { describe, expect, it } from "vitest";
import { dealerCspSources } from "@/runtime/http/csp-sources";
import { studioWorkingCopy } from "./studio-working-copy";
import { contextFor, siteTenant } from "./test-fixtures";

// Loaded while the file is imported, outside any test's time limit.
const site = siteTenant();

describe("gate: the studio's working copy", () => {
  it("lets the working copy's preview through unindexed, with the dealer's CSP sources and the directory as frame ancestor", () => {
    const tenant = siteTenant("sunshine-chery", "studio-sunshine-chery");
    const csp = (ancestor: string) => JSON.stringify({ ...dealerCspSources(tenant.manifest), ancestors: [ancestor] });
    expect(studioWorkingCopy(contextFor(tenant, "/cars/x", { host: "studio-sunshine-chery.preview.localhost:3000" }))).toEqual({
      kind: "next",
      headers: { "x-robots-tag": "noindex", "x-dealer-csp": csp("http://localhost:3000") },
    });
    expect(studioWorkingCopy(contextFor(tenant, "/", { host: "studio-sunshine-chery.preview.localhost" }))).toEqual({
      kind: "next",
      headers: { "x-robots-tag": "noindex", "x-dealer-csp": csp("http://localhost") },
    });
  });

  it("passes on another draft's preview and a live dealer", () => {
    expect(studioWorkingCopy(contextFor(siteTenant("sunshine-chery", "coast-chery"), "/"))).toBeNull();
    expect(studioWorkingCopy(contextFor(site, "/"))).toBeNull();
  });
});
