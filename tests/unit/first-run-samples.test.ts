/**
 * What a newcomer sees on the sample dealers: every built feature on for at least one of them, a
 * parts catalogue wherever parts are searched, reviews of each location's own, and dated content
 * live at the demo stock's anchor (the browser tests' clock) only inside its season.
 */
import { describe, expect, it } from "vitest";
import type { DealerManifest } from "../../runtime/generated/types";
import { loadManifest } from "../../runtime/manifest/load";
import { listManifestFiles } from "../../runtime/manifest/store";
import { resolvePage } from "../../runtime/render/resolve-page";
import { formsSettings } from "../../runtime/leads/settings";
import { isLive } from "../../runtime/tiles";
import { siteTimeZone } from "../../runtime/time";
import { REPO_MANIFESTS, REPO_PUBLIC } from "../helpers/manifest-fixture";
import { DEMO_STOCK_ANCHOR } from "../../scripts/stock/anchor";

const samples: DealerManifest[] = listManifestFiles(REPO_MANIFESTS).map((file) => {
  const r = loadManifest(file, { manifestsDir: REPO_MANIFESTS, publicDir: REPO_PUBLIC });
  if (!r.ok) throw new Error(`${file} does not load`);
  return r.manifest;
});
const blocksOf = (m: DealerManifest) => Object.values(m.routes).flatMap((r) => r.blocks as Array<{ type: string }>);
const some = (test: (m: DealerManifest) => boolean) => samples.filter(test).map((m) => m.slug);

describe("every built feature is on for at least one sample dealer", () => {
  it.each<[string, (m: DealerManifest) => boolean]>([
    ["the multi-step enquiry", (m) => blocksOf(m).some((b) => b.type === "multi-step-enquiry")],
    ["the enquiry form in steps", (m) => formsSettings(m).enquiryExtras.multiStep],
    ["spin to win", (m) => m.features?.spinToWin === true && resolvePage(m, "/spin-to-win") !== null && m.accounts?.gateSpinToWin === true],
    ["the chat action", (m) => m.features?.chat === true && !!formsSettings(m).chatBot && !formsSettings(m).chatBot!.blocked],
    ["the enquiry category select", (m) => formsSettings(m).categories.length > 0],
    ["the yes/no extras", (m) => formsSettings(m).enquiryExtras.finance && formsSettings(m).enquiryExtras.tradeIn],
    ["the monthly estimate", (m) => blocksOf(m).some((b) => b.type === "finance-estimate")],
    ["the garage", (m) => m.features?.garage === true && resolvePage(m, "/my-garage") !== null],
  ])("%s", (_name, on) => {
    expect(some(on).length).toBeGreaterThan(0);
  });

  it("the garage switch is honoured: off, the garage routes are not pages", () => {
    for (const m of samples) {
      const off = { ...m, features: { ...m.features, garage: false } } as DealerManifest;
      expect(resolvePage(off, "/my-garage"), m.slug).toBeNull();
      if (m.routes["/mymotorama"]) expect(resolvePage(off, "/mymotorama"), m.slug).toBeNull();
    }
  });
});

describe("sample content", () => {
  it("every dealer that searches parts has a catalogue", () => {
    for (const m of samples) if (resolvePage(m, "/parts/search")) expect(m.parts?.length ?? 0, m.slug).toBeGreaterThanOrEqual(5);
  });

  it("each location of a dealer has reviews of its own", () => {
    for (const m of samples) {
      const texts = (m.locations ?? []).map((l) => (l.reviews?.items ?? []).map((r) => r.text).join("|")).filter(Boolean);
      expect(new Set(texts).size, m.slug).toBe(texts.length);
    }
  });

  it("shows no out-of-season promotion at the demo stock's anchor: EOFY and July deals are scheduled for June and July", () => {
    const noon = new Date(Date.parse(DEMO_STOCK_ANCHOR) + 2 * 3600_000);
    for (const m of samples) {
      const tz = siteTimeZone(m);
      const live = [...(m.tiles ?? []).filter((t) => isLive(t, noon, tz)), ...(m.announcement && isLive(m.announcement, noon, tz) ? [m.announcement] : [])];
      const words = live.map((t) => `${"title" in t ? t.title : ""} ${t.text ?? ""}`).join(" ");
      if (noon.getUTCMonth() !== 5 && noon.getUTCMonth() !== 6) expect(words, m.slug).not.toMatch(/EOFY|financial year|July|winter/i);
    }
  });

  it("dated promotions carry both dates, so none outlives its season", () => {
    for (const m of samples) {
      for (const t of m.tiles ?? [])
        if (/EOFY|July|June|winter|summer|show/i.test(`${t.title} ${t.text ?? ""}`)) expect(t.start && t.expiry, `${m.slug} ${t.id}`).toBeTruthy();
      if (m.announcement && /deals|sale|now open|until/i.test(m.announcement.text)) expect(m.announcement.start && m.announcement.expiry, m.slug).toBeTruthy();
    }
  });
});
