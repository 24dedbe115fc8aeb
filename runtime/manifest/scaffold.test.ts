import { describe, expect, it } from "vitest";
import { scaffoldManifest } from "./scaffold";

type Hours = { open?: string; close?: string }[];
const hoursOf = (m: Record<string, unknown>) => (m.locations as { contact_detail: { opening_hours: Hours } }[])[0].contact_detail.opening_hours;

describe("scaffoldManifest", () => {
  it("gives each new manifest hours of its own: editing one dealer's never changes the next", () => {
    const input = { name: "Coast Chery", slug: "coast-chery", kind: "franchise", brand: "Chery", dealershipId: 101 } as const;
    const first = scaffoldManifest(input);
    hoursOf(first)[1] = { open: "17:30", close: "08:00" };
    expect(hoursOf(scaffoldManifest(input))[1]).toMatchObject({ open: "08:00", close: "17:30" });
  });
});
