import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { recordServerAddress, runningServer } from "../http/server-address.mjs";
import { studioTarget } from "./access";
import { answersFromFields, createDealerDraft, decodeFormState, encodeFormState, takenNames } from "./new-dealer";

const dir = mkdtempSync(path.join(tmpdir(), "studio-new-dealer-"));
cpSync(path.resolve(import.meta.dirname, "../../manifests/templates"), path.join(dir, "templates"), { recursive: true });
mkdirSync(path.join(dir, "drafts"));
writeFileSync(path.join(dir, "drafts", "old-draft.json"), JSON.stringify({ slug: "old-draft", hosts: ["www.olddraft.com.au"], dealerships: [{ id: 4242 }] }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const answers = {
  name: "Ballina Kia",
  domain: "www.ballinakia.com.au",
  brands: "Kia",
  address: "12 River Street, Ballina NSW 2478",
  phone: "02 6686 0000",
  email: "leads@ballinakia.com.au",
};

describe("the studio's new dealer", () => {
  it("counts the live dealers' and the drafts' slugs, hosts, redirect hosts and ids as taken", () => {
    const taken = takenNames(dir);
    expect(taken.slugs).toContain("old-draft");
    expect(taken.slugs).toContain("sunshine-chery");
    expect(taken.hosts).toContain("www.olddraft.com.au");
    expect(taken.hosts).toContain("harbourmotorgroup.com.au");
    expect(taken.dealershipIds).toContain(4242);
  });

  it("writes the draft where drafts live, then refuses the same name again", () => {
    const made = createDealerDraft(answers, dir);
    expect(made.ok && made.slug).toBe("ballina-kia");
    const written = JSON.parse(readFileSync(path.join(dir, "drafts", "ballina-kia.json"), "utf8"));
    expect(written.locations[0].address).toEqual({ street: "12 River Street", city: "Ballina", state: "nsw", postcode: "2478" });
    expect(written.dealerships[0].id).toBe(4243);
    const again = createDealerDraft(answers, dir);
    expect(!again.ok && again.errors.map((e) => e.field)).toEqual(["slug", "domain"]);
  });

  it("carries a refused form's answers and problems through its cookie, and nothing else", () => {
    const state = {
      answers: { name: "X", phone: "nope" },
      errors: [
        { field: "phone" as const, message: "Use digits." },
        { field: "state" as const, message: "Postcode 2478 is in NSW, not QLD.", confirmable: true as const },
      ],
    };
    expect(decodeFormState(encodeFormState(state))).toEqual(state);
    expect(decodeFormState("not base64 json")).toBeNull();
    expect(decodeFormState(undefined)).toBeNull();
    const tampered = Buffer.from(JSON.stringify({ answers: { name: 7, evil: "x" }, errors: [{ field: "evil", message: "x" }] })).toString("base64url");
    expect(decodeFormState(tampered)).toEqual({ answers: {}, errors: [] });
    expect(answersFromFields({ name: "a".repeat(400), other: "x", phone: ["1"] })).toEqual({ name: "a".repeat(300) });
  });

  it("routes /studio/new and its post to the internal form", () => {
    expect(studioTarget("/studio/new")).toBe("/_studio/new");
    expect(studioTarget("/studio/new/create")).toBe("/_studio/new/create");
  });
});

describe("the running server's address", () => {
  it("is believed only while the process that recorded it is alive", () => {
    expect(runningServer(dir)).toBeNull();
    expect(recordServerAddress(dir, 3451, 4321)).toBe(true);
    expect(runningServer(dir, (pid) => pid === 4321)).toEqual({ port: 3451, pid: 4321 });
    expect(runningServer(dir, () => false)).toBeNull();
    recordServerAddress(dir, 3452);
    expect(runningServer(dir)).toEqual({ port: 3452, pid: process.pid });
  });
});
