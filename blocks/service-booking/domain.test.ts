import { describe, expect, it } from "vitest";
import type { ResolvedLocation } from "@/runtime/generated/types";
import { bookingLocation } from "./domain";

const loc = (slug: string, location_type: string, service_booking_url?: string) =>
  ({ slug, location_type, service_booking_url }) as unknown as ResolvedLocation;

describe("service booking location", () => {
  it("prefers a service location with a booking URL, else any with one, else none", () => {
    expect(bookingLocation([loc("a", "sales", "https://x/a"), loc("b", "service", "https://x/b")])?.slug).toBe("b");
    expect(bookingLocation([loc("a", "sales", "https://x/a"), loc("b", "service")])?.slug).toBe("a");
    expect(bookingLocation([loc("a", "sales"), loc("b", "service")])).toBeNull();
  });
  it("takes the named location only, and only https URLs", () => {
    expect(bookingLocation([loc("a", "sales", "https://x/a"), loc("b", "service", "https://x/b")], "a")?.slug).toBe("a");
    expect(bookingLocation([loc("a", "sales", "http://x/a")])).toBeNull();
  });
});
