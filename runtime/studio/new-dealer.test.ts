import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { recordServerAddress, runningServer } from "../http/server-address.mjs";
import { studioTarget } from "./access";
import { answersFromFields, createDealerDraft, createStudioDraft, decodeFormState, encodeFormState, takenNames } from "./new-dealer";
import { suiteDb } from "../db/testing";
import { allDrafts, deleteWorkingCopy, readWorkingCopy, reloadWorkingCopies } from "../fleet/working-copies";
import { manifestCollection } from "../manifest/store";
import { publishDraft } from "./publish";
import { readText, saveValue, studioDraftFile } from "./working-copy";

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

const db = suiteDb(undefined, { empty: ["studio_working_copies", "studio_backups"] });

describe("a new dealer's draft made in the studio, kept in the shared database", () => {
  const lismore = { ...answers, name: "Lismore Kia", domain: "www.lismorekia.com.au", address: "5 Molesworth Street, Lismore NSW 2480" };
  const collection = manifestCollection(dir);
  // The draft leaves this process's list too, so the file-draft tests below start from the folder alone.
  afterAll(() => deleteWorkingCopy(db, collection, "lismore-kia"));

  it("is a row every process reads, never a file; listed with the file drafts and counted as taken", async () => {
    const made = await createStudioDraft(lismore, { db, by: "staff:1" }, dir);
    expect(made.ok && made.slug).toBe("lismore-kia");
    expect(existsSync(path.join(dir, "drafts", "lismore-kia.json"))).toBe(false);
    const row = await readWorkingCopy(db, collection, "lismore-kia");
    expect(row?.updatedBy).toBe("staff:1");
    expect(JSON.parse(row!.text).locations[0].address).toEqual({ street: "5 Molesworth Street", city: "Lismore", state: "nsw", postcode: "2480" });
    // The email asked for as where enquiries go is the draft's lead destination.
    expect(JSON.parse(row!.text).forms).toEqual({ destinations: [{ id: "sales-email", email: "leads@ballinakia.com.au" }] });

    // Another process learns it from the database (its mirror reloaded), not from this one's memory.
    await db.query("UPDATE studio_working_copies SET manifest = replace(manifest, 'Lismore Kia', 'Lismore Kia Motors') WHERE name = 'lismore-kia'");
    await reloadWorkingCopies(db, collection);
    expect(allDrafts(dir)).toEqual(["lismore-kia", "old-draft"]);
    expect(readText(studioDraftFile("lismore-kia", dir)!)).toContain("Lismore Kia Motors");
    expect(takenNames(dir).hosts).toContain("www.lismorekia.com.au");

    const again = await createStudioDraft(lismore, { db }, dir);
    expect(!again.ok && again.errors.map((e) => e.field)).toEqual(["slug", "domain"]);
    // The studio's own working copies are named studio-…: a draft may not take such a name.
    const studioNamed = await createStudioDraft({ ...lismore, name: "Studio Motors", slug: "studio-motors", domain: "www.studiomotors.com.au" }, { db }, dir);
    expect(!studioNamed.ok && studioNamed.errors.map((e) => e.field)).toEqual(["slug"]);
  });

  it("is saved back to its row (after a backup), refused when someone saved it meanwhile, and stays a draft while the go-live check blocks", async () => {
    await reloadWorkingCopies(db, collection); // the table was emptied before this test
    await createStudioDraft(lismore, { db }, dir);
    const file = studioDraftFile("lismore-kia", dir)!;
    const base = readText(file);
    // Saved without its lead destination, so that the go-live check blocks it below.
    const { forms: _routed, ...unrouted } = JSON.parse(base);
    const value = { ...unrouted, name: "Lismore Kia Centre" };
    const saved = await saveValue(file, base, value, new Date(), undefined, { db, by: "staff:2" });
    expect(saved.status).toBe("saved");
    expect(JSON.parse((await readWorkingCopy(db, collection, "lismore-kia"))!.text).name).toBe("Lismore Kia Centre");
    expect(existsSync(file)).toBe(false);
    expect((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM studio_backups WHERE kind = 'draft' AND name = 'lismore-kia'"))[0].n).toBe(1);
    expect((await saveValue(file, base, value, new Date(), undefined, { db })).status).toBe("changed");

    const put = await publishDraft(db, "lismore-kia", "staff:2", dir);
    expect(put?.status).toBe("invalid");
    expect(allDrafts(dir)).toContain("lismore-kia");
  });
});

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
