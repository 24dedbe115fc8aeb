import { describe, expect, it } from "vitest";
import { pageOffer } from "./domain";

const tiles = [
  { id: "runout", title: "Runout", display: ["slider", "offers"] },
  { id: "eofy", title: "EOFY", display: ["offers"], start: "2025-07-01T00:00:00", expiry: "2025-07-25T00:00:00" },
  { id: "home-only", title: "Home", display: ["home"] },
];

describe("offer page", () => {
  it("shows a live offer by id", () => {
    expect(pageOffer(tiles, "runout", new Date("2025-06-01T00:00:00Z"))?.title).toBe("Runout");
  });
  it("answers 404 outside the offer's window (Brisbane time) and for tiles not among offers", () => {
    expect(pageOffer(tiles, "eofy", new Date("2025-06-30T13:59:59Z"))).toBeNull();
    expect(pageOffer(tiles, "eofy", new Date("2025-06-30T14:00:00Z"))?.title).toBe("EOFY");
    expect(pageOffer(tiles, "eofy", new Date("2025-07-24T14:00:00Z"))).toBeNull();
    expect(pageOffer(tiles, "home-only", new Date())).toBeNull();
    expect(pageOffer(tiles, "nope", new Date())).toBeNull();
  });
});
