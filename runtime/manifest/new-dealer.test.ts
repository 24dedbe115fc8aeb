import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_MANIFESTS, REPO_PUBLIC, REPO_ROOT } from "../../tests/helpers/manifest-fixture";
import { diagnoseManifest } from "./diagnostics";
import { hostsForDomain, kindOf, newDealerFromAnswers, type NewDealerAnswers, type TakenNames } from "./new-dealer";
import { postcodePlaces } from "./postcode-places";

const none: TakenNames = { slugs: new Set(), hosts: new Set(), dealershipIds: new Set() };
const ballina: NewDealerAnswers = {
  name: "Ballina Kia",
  domain: "ballinakia.com.au",
  brands: "Kia",
  address: "12 River Street, Ballina NSW 2478",
  phone: "02 6686 0000",
  email: "leads@ballinakia.com.au",
};
const opts = { manifestsDir: REPO_MANIFESTS, publicDir: REPO_PUBLIC, root: REPO_ROOT };
const asDraft = (text: string, slug: string) => diagnoseManifest(path.join(REPO_MANIFESTS, "drafts", `${slug}.json`), opts, text);

describe("newDealerFromAnswers", () => {
  it("turns the brief's answers into a valid draft: NSW address, Sydney time, the domain with and without www.", () => {
    const r = newDealerFromAnswers(ballina, none, postcodePlaces);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.slug).toBe("ballina-kia");
    const m = r.manifest as Record<string, any>;
    expect(m.hosts).toEqual(["www.ballinakia.com.au"]);
    expect(m.redirectHosts).toEqual(["ballinakia.com.au"]);
    expect(m.timeZone).toBe("Australia/Sydney");
    expect(m.locations[0].time_zone).toBe("Australia/Sydney");
    expect(m.locations[0].address).toEqual({ street: "12 River Street", city: "Ballina", state: "nsw", postcode: "2478" });
    expect(m.locations[0].slug).toBe("ballina");
    expect(m.contact).toEqual({ phones: { sales: "02 6686 0000" }, email: "leads@ballinakia.com.au" });
    expect(m.manufacturers).toEqual(["Kia"]);
    expect(r.placeholderId).toBe(true);
    const d = asDraft(r.text, r.slug);
    expect(d.errors).toEqual([]);
    expect(d.manifest?.locations[0].address.city).toBe("Ballina");
  });

  it("sends the dealer's enquiries to the email asked for, so the go-live check does not block on a lead destination", () => {
    const r = newDealerFromAnswers(ballina, none, postcodePlaces);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect((r.manifest as Record<string, any>).forms).toEqual({ destinations: [{ id: "sales-email", email: "leads@ballinakia.com.au" }] });
    const d = asDraft(r.text, r.slug);
    expect(d.errors).toEqual([]);
    expect(d.manifest?.forms?.destinations).toEqual([expect.objectContaining({ id: "sales-email", email: "leads@ballinakia.com.au" })]);
    expect(d.goLive.map((p) => p.source)).not.toContain("lead-destination");
    expect(d.goLive.filter((p) => p.goLive === "blocking")).toEqual([]);
  });

  it("leaves the address parts it cannot read empty (a to-do in the draft), never Brisbane", () => {
    const r = newDealerFromAnswers({ ...ballina, address: "12 River Street" }, none, postcodePlaces);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const m = r.manifest as Record<string, any>;
    expect(m.locations[0].address).toEqual({ street: "12 River Street", city: "", postcode: "" });
    expect(m.timeZone).toBeUndefined();
    expect(JSON.stringify(m)).not.toMatch(/Brisbane|4000|qld/);
    expect(asDraft(r.text, r.slug).errors.map((e) => e.pointer)).toEqual(
      expect.arrayContaining(["/locations/0/address/state", "/locations/0/address/postcode"]),
    );
  });

  it("takes the separate fields over the one-line address, and the chosen time zone over the state's", () => {
    const r = newDealerFromAnswers(
      { ...ballina, address: "", street: "1 Argent St", city: "Broken Hill", state: "NSW", postcode: "2880" },
      none,
      postcodePlaces,
    );
    expect(r.ok && (r.manifest as Record<string, any>).timeZone).toBe("Australia/Broken_Hill");
    const chosen = newDealerFromAnswers({ ...ballina, timeZone: "Australia/Brisbane" }, none, postcodePlaces);
    expect(chosen.ok && (chosen.manifest as Record<string, any>).timeZone).toBe("Australia/Brisbane");
  });

  it("refuses a suburb, state and postcode that disagree unless the person confirms them", () => {
    const wrong = { ...ballina, address: "12 River Street, Brisbane QLD 2478" };
    const r = newDealerFromAnswers(wrong, none, postcodePlaces);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.map((e) => e.field)).toEqual(["state", "city"]);
    expect(newDealerFromAnswers({ ...wrong, addressConfirmed: "yes" }, none, postcodePlaces).ok).toBe(true);
  });

  it("names every problem at its field", () => {
    const taken: TakenNames = { slugs: new Set(["ballina-kia"]), hosts: new Set(["ballinakia.com.au"]), dealershipIds: new Set([901]) };
    const r = newDealerFromAnswers(
      { ...ballina, phone: "call us", email: "nope", timeZone: "Europe/London", kind: "spaceship", dealershipId: "x1" },
      taken,
      postcodePlaces,
    );
    expect(!r.ok && r.errors.map((e) => e.field)).toEqual(["slug", "kind", "domain", "phone", "email", "timeZone", "dealershipId"]);
    const empty = newDealerFromAnswers({}, none, postcodePlaces);
    expect(!empty.ok && empty.errors.map((e) => e.field)).toEqual(["name", "phone", "email"]);
  });

  it("refuses a short name the studio's own pages use (staff, new, preview…), named or made from the dealer's name", () => {
    for (const answers of [
      { ...ballina, slug: "staff" },
      { ...ballina, slug: "new" },
      { ...ballina, slug: "preview" },
      { ...ballina, name: "Staff", slug: "" },
    ]) {
      const r = newDealerFromAnswers(answers, none, postcodePlaces);
      expect(!r.ok && r.errors.find((e) => e.field === "slug")?.message, JSON.stringify(answers)).toMatch(/is a name the studio uses for its own pages/);
    }
  });

  it("takes the next free placeholder dealership id, and notes a shared one", () => {
    const taken: TakenNames = { ...none, dealershipIds: new Set([101, 950]) };
    const r = newDealerFromAnswers(ballina, taken, postcodePlaces);
    expect(r.ok && r.dealershipId).toBe(951);
    const shared = newDealerFromAnswers({ ...ballina, dealershipId: "101" }, taken, postcodePlaces);
    expect(shared.ok && shared.notes).toEqual([expect.stringContaining("sharedWith")]);
  });
});

describe("hostsForDomain and kindOf", () => {
  it("pairs www. and the bare domain for a registrable domain, and keeps a subdomain alone", () => {
    expect(hostsForDomain("https://WWW.BallinaKia.com.au/")).toEqual({ hosts: ["www.ballinakia.com.au"], redirectHosts: ["ballinakia.com.au"] });
    expect(hostsForDomain("ballinakia.com.au")).toEqual({ hosts: ["www.ballinakia.com.au"], redirectHosts: ["ballinakia.com.au"] });
    expect(hostsForDomain("cars.ballinakia.com.au")).toEqual({ hosts: ["cars.ballinakia.com.au"], redirectHosts: [] });
    expect(hostsForDomain("not a domain")).toBeNull();
    expect(hostsForDomain("com.au")).toBeNull();
  });

  it("reads a kind by name, number or other word", () => {
    expect(kindOf("")).toBe("franchise");
    expect(kindOf("4")).toBe("caravan");
    expect(kindOf("Group")).toBe("dealer-group");
    expect(kindOf("boat")).toBeNull();
  });
});
