import { describe, expect, it } from "vitest";
import { ruleContext, schemaValidManifest } from "../../../tests/helpers/manifest-fixture";
import { reservedHosts } from "./reserved-hosts";

const check = (hosts: string[]) => reservedHosts.check(ruleContext(schemaValidManifest((m) => (m.hosts = hosts))));

describe("rule reserved-hosts", () => {
  it("accepts real domains", () => {
    expect(check(["www.alpha.com.au", "alpha.com.au"])).toEqual([]);
  });

  it("refuses a {slug}.localhost host, its own or another dealer's, at the host", () => {
    expect(check(["x.com.au", "alpha.localhost"])).toEqual([expect.objectContaining({ pointer: "/hosts/1", message: expect.stringContaining("reserved") })]);
    expect(check(["beta.localhost"])).toEqual([expect.objectContaining({ pointer: "/hosts/0" })]);
  });

  it("refuses the directory's own host", () => {
    expect(check(["localhost"])).toEqual([expect.objectContaining({ pointer: "/hosts/0", message: expect.stringContaining("directory") })]);
  });
});
