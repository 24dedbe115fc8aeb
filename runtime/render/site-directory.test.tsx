import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import { WARM_UP_HEADER } from "../http/warm-up.mjs";

const state = vi.hoisted(() => ({ headers: new Headers(), goLive: [] as string[], checked: [] as string[][], manifestReads: 0 }));

vi.mock("next/headers", () => ({ headers: async () => state.headers }));
vi.mock("../studio/go-live-check", () => ({
  GoLiveCheck: ({ problems }: { problems?: { message: string }[] }) => {
    state.goLive.push(...(problems ?? []).map((p) => p.message));
    return null;
  },
  goLiveChecks: async (files: string[]) => {
    state.checked.push(files);
    return new Map(files.map((f) => [f, [{ message: `checked ${f}` }]]));
  },
  LeadFallbackAlert: () => null,
}));
vi.mock("../feeds/runs", () => ({ lastRuns: async () => new Map(), runSummary: () => "" }));
vi.mock("../db", () => ({ getDb: async () => ({}) }));
vi.mock("../fleet/working-copies", () => ({ allDrafts: () => [] }));
vi.mock("../manifest/store", () => {
  const site = (slug: string) => ({
    status: "ok",
    slug,
    file: `${slug}.json`,
    hosts: [`www.${slug}.example`],
    pending: [],
    get manifest() {
      state.manifestReads++;
      return { name: `Dealer ${slug}` };
    },
  });
  const sites = [site("a"), site("b")];
  return { getSiteStore: () => ({ sites, version: "g1" }), manifestsDir: () => "/nowhere" };
});

const { SiteDirectory } = await import("./site-directory");

const render = async () => renderToStaticMarkup((await SiteDirectory({ origin: "http://localhost:3000" })) as ReactElement);

describe("the site directory", () => {
  beforeEach(() => {
    state.goLive = [];
    state.checked = [];
    state.manifestReads = 0;
  });

  it("lists each dealer by name with its go-live check, all checked in one call (off the event loop)", async () => {
    state.headers = new Headers();
    const html = await render();
    expect(html).toContain("Dealer a");
    expect(state.checked).toEqual([["a.json", "b.json"]]);
    expect(state.goLive).toEqual(["checked a.json", "checked b.json"]);
  });

  it("for the server's warm-up, lists the dealers without a go-live check or a manifest read each", async () => {
    state.headers = new Headers({ [WARM_UP_HEADER]: "token" });
    const html = await render();
    expect(html).toContain('data-site="b"');
    expect(state.goLive).toEqual([]);
    expect(state.checked).toEqual([]);
    expect(state.manifestReads).toBe(0);
  });
});
