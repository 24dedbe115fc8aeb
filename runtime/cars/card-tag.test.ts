import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { searchSettingsDefaults, wordingDefaults } from "@/runtime/generated/defaults";
import { cardTag } from "./card-tag";

const now = new Date("2026-11-21T00:00:00Z");
const nowS = now.getTime() / 1000;
const base = {
  simple_fuel: "Petrol",
  reserved: false,
  certified: false,
  make: "Toyota",
  tag: "",
  status: "in_stock",
  created_at_timestamp: nowS - 30 * 86400,
  car_type: "used",
} as const;
const opts = {
  wording: { ...wordingDefaults, newBadge: "New Arrival" },
  fuelTags: true,
  certifiedMakes: ["Toyota"],
  justArrivedDays: searchSettingsDefaults.justArrivedDays,
  now,
};
const searchSchema = JSON.parse(readFileSync(`${process.cwd()}/schemas/search-settings.schema.json`, "utf8"));

describe("card tag precedence (first match wins)", () => {
  it("1. fuel tag when the site enables it, over everything else", () => {
    expect(cardTag({ ...base, simple_fuel: "Hybrid", reserved: true }, opts)).toEqual({ kind: "fuel", label: "Hybrid" });
    expect(cardTag({ ...base, simple_fuel: "Hybrid", reserved: true }, { ...opts, fuelTags: false })?.kind).toBe("reserved");
  });
  it("2. RESERVED over certified", () => {
    expect(cardTag({ ...base, reserved: true, certified: true }, opts)?.label).toBe("RESERVED");
  });
  it("3. certified badge only for the configured make and not when sold", () => {
    expect(cardTag({ ...base, certified: true, tag: "runout sale" }, opts)).toEqual({
      kind: "certified",
      label: "Certified Pre-Owned",
      image: "/badges/certified-pre-owned.svg",
    });
    expect(cardTag({ ...base, certified: true, make: "Kia", tag: "runout sale" }, opts)?.kind).toBe("custom");
    expect(cardTag({ ...base, certified: true, status: "sold" }, opts)?.kind).toBe("sold");
  });
  it("4. custom tag over COMING SOON", () => {
    expect(cardTag({ ...base, tag: "Test Drive Only", status: "coming_soon" }, opts)).toEqual({ kind: "custom", label: "Test Drive Only" });
  });
  it("5. COMING SOON over New", () => {
    expect(cardTag({ ...base, status: "coming_soon", created_at_timestamp: nowS - 86400 }, opts)?.kind).toBe("coming-soon");
  });
  it("6. the site's New name within the site's just-arrived window", () => {
    expect(cardTag({ ...base, created_at_timestamp: nowS - 8 * 86400 }, opts)).toEqual({ kind: "new", label: "New Arrival" });
    expect(cardTag({ ...base, created_at_timestamp: nowS - 9 * 86400 }, opts)).toBeNull();
    expect(cardTag({ ...base, created_at_timestamp: nowS - 9 * 86400 }, { ...opts, justArrivedDays: 14 })?.kind).toBe("new");
  });
  it("the just-arrived window a site gets when it states none is the schema's one default (8 days)", () => {
    expect(searchSchema.properties.justArrivedDays.default).toBe(8);
    expect(searchSettingsDefaults.justArrivedDays).toBe(searchSchema.properties.justArrivedDays.default);
  });
  it("7. otherwise the sold tag when not available", () => {
    expect(cardTag({ ...base, status: "sold" }, opts)).toEqual({ kind: "sold", label: "JUST SOLD" });
    expect(cardTag({ ...base, status: "sold" }, { ...opts, wording: { ...wordingDefaults, soldTag: "SOLD OUT" } })?.label).toBe("SOLD OUT");
  });
});
