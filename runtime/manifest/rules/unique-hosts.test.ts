import { describe, expect, it } from "vitest";
import { loadedMinimalManifest } from "../../../tests/helpers/manifest-fixture";
import { findDuplicateHostsAndSlugs, type SiteIdentity } from "./unique-hosts";

function identity(file: string, slug: string, hosts?: string[]): SiteIdentity {
  const m = loadedMinimalManifest((raw) => {
    raw.slug = slug;
    raw.dealerships[0].slug = slug;
    raw.hosts = hosts ?? [`www.${slug}.com.au`];
  });
  return { file, slug: m.slug, hosts: m.hosts };
}

describe("rule unique-hosts (across manifests)", () => {
  it("accepts sites with different slugs and hosts", () => {
    expect(findDuplicateHostsAndSlugs([identity("a.json", "alpha"), identity("b.json", "beta")])).toEqual([]);
  });

  it("refuses a slug used twice, on the later file", () => {
    expect(findDuplicateHostsAndSlugs([identity("a.json", "alpha", ["a.com.au"]), identity("b.json", "alpha", ["b.com.au"])])).toEqual([
      { file: "b.json", pointer: "/slug", message: "slug 'alpha' is already used by a.json" },
    ]);
  });

  it("refuses a host used twice, on the later file, pointing at the host", () => {
    expect(findDuplicateHostsAndSlugs([identity("a.json", "alpha", ["shared.com.au"]), identity("b.json", "beta", ["b.com.au", "shared.com.au"])])).toEqual([
      { file: "b.json", pointer: "/hosts/1", message: "host 'shared.com.au' is already used by a.json" },
    ]);
  });

  it("compares hosts without regard to case", () => {
    const problems = findDuplicateHostsAndSlugs([
      { file: "a.json", slug: "a", hosts: ["www.x.com.au"] },
      { file: "b.json", slug: "b", hosts: ["WWW.X.com.au"] },
    ]);
    expect(problems.map((p) => [p.file, p.pointer])).toEqual([["b.json", "/hosts/0"]]);
  });

  it("refuses a listed {slug}.localhost host: every site answers there already", () => {
    expect(findDuplicateHostsAndSlugs([{ file: "a.json", slug: "a", hosts: ["x.com.au", "a.localhost"] }])).toEqual([
      { file: "a.json", pointer: "/hosts/1", message: "host 'a.localhost' is reserved: every site answers on {slug}.localhost already" },
    ]);
  });
});
