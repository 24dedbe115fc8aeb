import { describe, expect, it } from "vitest";
import { goLiveContext } from "../../../../tests/helpers/go-live-context";
import { favicon } from "./favicon";

describe("go-live rule favicon", () => {
  it("warns when the theme has no favicon", () => {
    expect(favicon.check(goLiveContext())).toEqual([expect.objectContaining({ pointer: "/theme/favicon", severity: "warning" })]);
  });

  it("says nothing once one is set", () => {
    expect(favicon.check(goLiveContext((m) => (m.theme.favicon = "/brands/chery.svg")))).toEqual([]);
  });
});
