import { describe, expect, it } from "vitest";
import { goLiveContext } from "../../../../tests/helpers/go-live-context";
import { HEADER_LOGO_MAX_HEIGHT, logoHeight } from "./logo-height";

const logo = (width: number, height: number) => goLiveContext((m) => (m.theme.logo = { src: "/brands/chery.svg", alt: "Logo", width, height }));

describe("go-live rule logo-height", () => {
  it("warns about a 600×140 logo and proposes the same proportions at the header's height", () => {
    const [p] = logoHeight.check(logo(600, 140));
    expect(p).toMatchObject({ pointer: "/theme/logo/height", severity: "warning" });
    expect(p.hint).toContain(`draw it at 274 × ${HEADER_LOGO_MAX_HEIGHT}`);
  });

  it("accepts a logo at or under the header's height, and a text logo", () => {
    expect(logoHeight.check(logo(220, HEADER_LOGO_MAX_HEIGHT))).toEqual([]);
    expect(logoHeight.check(logo(220, 56))).toEqual([]);
    expect(logoHeight.check(goLiveContext((m) => (m.theme.logo = { text: "Test Dealer" })))).toEqual([]);
  });
});
