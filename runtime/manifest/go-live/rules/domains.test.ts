import path from "node:path";
import { describe, expect, it } from "vitest";
import { goLiveContext } from "../../../../tests/helpers/go-live-context";
import { buildSiteStore } from "../../store";
import { domainsCovered, wwwPartner } from "./domains";

const check = (hosts: string[], redirectHosts?: string[]) =>
  domainsCovered.check(
    goLiveContext((m) => {
      m.hosts = hosts;
      if (redirectHosts) m.redirectHosts = redirectHosts;
      else delete m.redirectHosts;
    }),
  );

describe("go-live rule: domains covered with and without www.", () => {
  it("pairs www. and bare names", () => {
    expect(wwwPartner("www.ballinakia.com.au")).toBe("ballinakia.com.au");
    expect(wwwPartner("Ballinakia.com.au")).toBe("www.ballinakia.com.au");
    expect(wwwPartner("www.au")).toBeNull();
    expect(wwwPartner("intranet")).toBeNull();
  });

  it("passes when the bare domain redirects, or both are served", () => {
    expect(check(["www.ballinakia.com.au"], ["ballinakia.com.au"])).toEqual([]);
    expect(check(["www.ballinakia.com.au", "ballinakia.com.au"])).toEqual([]);
    expect(check(["ballinakia.com.au"], ["www.ballinakia.com.au"])).toEqual([]);
    expect(check([])).toEqual([]);
  });

  it("blocks a www. host without its bare domain, pointing at the host", () => {
    const problems = check(["www.ballinakia.com.au"]);
    expect(problems).toEqual([
      {
        pointer: "/hosts/0",
        severity: "blocking",
        message: expect.stringContaining("'ballinakia.com.au' is not"),
        hint: expect.stringContaining('add "ballinakia.com.au" to redirectHosts'),
      },
    ]);
  });

  it("blocks a bare host without its www., and a redirect host without its partner", () => {
    expect(check(["ballinakia.com.au"])).toEqual([
      expect.objectContaining({ pointer: "/hosts/0", message: expect.stringContaining("'www.ballinakia.com.au' is not") }),
    ]);
    expect(check(["www.ballinakia.com.au"], ["ballinakia.com.au", "www.oldname.com.au"])).toEqual([
      expect.objectContaining({ pointer: "/redirectHosts/1", message: expect.stringContaining("'oldname.com.au' is not") }),
    ]);
  });

  it("every sample dealer passes", () => {
    const store = buildSiteStore(path.resolve(import.meta.dirname, "../../../../manifests"));
    for (const site of store.sites) {
      expect(site.status, site.file).toBe("ok");
      if (site.status === "ok")
        expect(
          domainsCovered.check(
            goLiveContext((m) => {
              m.hosts = site.manifest.hosts;
              if (site.manifest.redirectHosts) m.redirectHosts = site.manifest.redirectHosts;
            }),
          ),
          site.slug,
        ).toEqual([]);
    }
  });
});
