import { describe, expect, it } from "vitest";
import { assignClaims, claimsOf, type ClaimCandidate, type ClaimVersion } from "./claims";

const version = (slug: string, hosts: string[] = [`www.${slug}.com.au`], dealerships: ClaimVersion["dealerships"] = []): ClaimVersion => ({
  slug,
  hosts,
  dealerships,
});
const candidate = (file: string, current: ClaimVersion | null, fallback: ClaimVersion | null = null): ClaimCandidate => ({ file, current, fallback });
const chosen = (result: ReturnType<typeof assignClaims>) => Object.fromEntries([...result.outcomes].map(([file, o]) => [file, o.chosen]));

describe("assignClaims", () => {
  it("serves every dealer whose slug, hosts and dealerships are its own", () => {
    const result = assignClaims([candidate("a.json", version("alpha")), candidate("b.json", version("beta"))]);
    expect(chosen(result)).toEqual({ "a.json": "current", "b.json": "current" });
    expect(result.holders.get("host:www.alpha.com.au")).toBe("a.json");
    expect(result.holders.get("slug:beta")).toBe("b.json");
  });

  it("without history, the earlier file keeps a slug and the later one is refused with a message naming the holder", () => {
    const result = assignClaims([candidate("b.json", version("alpha", ["b.com.au"])), candidate("a.json", version("alpha", ["a.com.au"]))]);
    expect(chosen(result)).toEqual({ "a.json": "current", "b.json": null });
    expect(result.outcomes.get("b.json")!.conflicts).toEqual([
      { pointer: "/slug", message: expect.stringContaining("slug 'alpha' is already used by a.json") },
    ]);
  });

  it("first come keeps its host: a newcomer that sorts first is the one refused", () => {
    const holder = candidate("zeta.json", version("zeta", ["shared.com.au"]));
    const first = assignClaims([holder]);
    const newcomer = candidate("alpha.json", version("alpha", ["alpha.com.au", "shared.com.au"]));
    const result = assignClaims([newcomer, holder], first.holders);
    expect(chosen(result)).toEqual({ "alpha.json": null, "zeta.json": "current" });
    expect(result.outcomes.get("alpha.json")!.conflicts).toEqual([
      { pointer: "/hosts/1", message: expect.stringContaining("host 'shared.com.au' is already served by zeta.json") },
    ]);
    expect(result.holders.get("host:shared.com.au")).toBe("zeta.json");
  });

  it("a dealer whose edit claims another's host keeps being served its last good version", () => {
    const before = assignClaims([candidate("a.json", version("alpha")), candidate("b.json", version("beta"))]);
    const edited = candidate("a.json", version("alpha", ["www.alpha.com.au", "www.beta.com.au"]), version("alpha"));
    const result = assignClaims([edited, candidate("b.json", version("beta"))], before.holders);
    expect(chosen(result)).toEqual({ "a.json": "fallback", "b.json": "current" });
    expect(result.outcomes.get("a.json")!.conflicts).toHaveLength(1);
  });

  it("lets a host go when its holder no longer lists it", () => {
    const before = assignClaims([candidate("z.json", version("zeta", ["shared.com.au"]))]);
    const result = assignClaims(
      [candidate("a.json", version("alpha", ["shared.com.au"])), candidate("z.json", version("zeta", ["zeta.com.au"]))],
      before.holders,
    );
    expect(chosen(result)).toEqual({ "a.json": "current", "z.json": "current" });
    expect(result.holders.get("host:shared.com.au")).toBe("a.json");
  });

  it("refuses a dealership id listed by two sites unless both declare the sharing", () => {
    const portal = (shared: string[]) => version("portal", ["portal.com.au"], [{ id: 7, sharedWith: shared }]);
    const member = (shared: string[]) => version("member", ["member.com.au"], [{ id: 7, sharedWith: shared }]);
    const undeclared = assignClaims([candidate("member.json", member([])), candidate("portal.json", portal([]))]);
    expect(chosen(undeclared)).toEqual({ "member.json": "current", "portal.json": null });
    expect(undeclared.outcomes.get("portal.json")!.conflicts[0]).toMatchObject({
      pointer: "/dealerships/0/id",
      message: expect.stringContaining("dealership 7 is also listed by member.json"),
      hint: expect.stringContaining('"sharedWith": ["member"]'),
    });
    const oneSided = assignClaims([candidate("member.json", member([])), candidate("portal.json", portal(["member"]))]);
    expect(chosen(oneSided)["portal.json"]).toBeNull();
    const both = assignClaims([candidate("member.json", member(["portal"])), candidate("portal.json", portal(["member"]))]);
    expect(chosen(both)).toEqual({ "member.json": "current", "portal.json": "current" });
  });

  it("claimsOf lower-cases hosts and reads sharedWith", () => {
    expect(claimsOf({ slug: "a", hosts: ["WWW.A.com.au"], dealerships: [{ id: 1, sharedWith: ["b"] }, { id: 2 }] })).toEqual({
      slug: "a",
      hosts: ["www.a.com.au"],
      dealerships: [
        { id: 1, sharedWith: ["b"] },
        { id: 2, sharedWith: [] },
      ],
    });
  });

  describe("redirect hosts", () => {
    const withRedirects = (slug: string, hosts: string[], redirectHosts: string[]): ClaimVersion => ({ slug, hosts, redirectHosts, dealerships: [] });

    it("holds a redirect host like a host", () => {
      const result = assignClaims([candidate("a.json", withRedirects("alpha", ["www.alpha.com.au"], ["alpha.com.au"]))]);
      expect(result.holders.get("host:alpha.com.au")).toBe("a.json");
    });

    it("refuses a second dealer redirecting from a host the first serves, or redirects from", () => {
      const first = candidate("a.json", withRedirects("alpha", ["www.alpha.com.au"], ["alpha.com.au"]));
      const servesIt = candidate("b.json", withRedirects("beta", ["alpha.com.au"], []));
      const redirectsIt = candidate("c.json", withRedirects("gamma", ["www.gamma.com.au"], ["www.alpha.com.au"]));
      const result = assignClaims([first, servesIt, redirectsIt]);
      expect(chosen(result)).toEqual({ "a.json": "current", "b.json": null, "c.json": null });
      expect(result.outcomes.get("b.json")!.conflicts).toEqual([
        { pointer: "/hosts/0", message: expect.stringContaining("host 'alpha.com.au' is already served by a.json") },
      ]);
      expect(result.outcomes.get("c.json")!.conflicts).toEqual([
        { pointer: "/redirectHosts/0", message: expect.stringContaining("host 'www.alpha.com.au' is already claimed by a.json") },
      ]);
    });

    it("refuses a manifest that both serves and redirects one host", () => {
      const result = assignClaims([candidate("a.json", withRedirects("alpha", ["www.alpha.com.au", "alpha.com.au"], ["alpha.com.au"]))]);
      expect(chosen(result)).toEqual({ "a.json": null });
      expect(result.outcomes.get("a.json")!.conflicts).toEqual([
        { pointer: "/redirectHosts/0", message: expect.stringContaining("both served (hosts) and redirected (redirectHosts)") },
      ]);
    });

    it("claimsOf lower-cases redirect hosts and gives none when the manifest lists none", () => {
      expect(claimsOf({ slug: "a", hosts: ["WWW.A.COM.AU"], redirectHosts: ["A.COM.AU"], dealerships: [] }).redirectHosts).toEqual(["a.com.au"]);
      expect(claimsOf({ slug: "a", hosts: ["www.a.com.au"], dealerships: [] }).redirectHosts).toBeUndefined();
    });
  });
});
