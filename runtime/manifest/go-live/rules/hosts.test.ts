import { describe, expect, it } from "vitest";
import { goLiveContext } from "../../../../tests/helpers/go-live-context";
import { hosts } from "./hosts";

describe("go-live rule hosts", () => {
  it("blocks a dealer that lists no host", () => {
    expect(hosts.check(goLiveContext((m) => (m.hosts = [])))).toEqual([expect.objectContaining({ pointer: "/hosts", severity: "blocking" })]);
  });

  it("says nothing for a dealer with a host", () => {
    expect(hosts.check(goLiveContext())).toEqual([]);
  });
});
