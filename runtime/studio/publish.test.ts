import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDb, emptyTables } from "../db/testing";
import { publishVersions, validateVersion, versionHistory } from "../fleet/manifests";
import { readWorkingCopy } from "../fleet/working-copies";
import { manifestCollection, publicDir } from "../manifest/store";
import { setAt } from "./ops";
import { writeWorkingCopy } from "./working-copy";
import { addStaff } from "./staff";
import { dealerHistory, publishDraft, dealerSource, publishDealer, publishedCopyName, rollbackDealer } from "./publish";

// A dealer's edit going live from the studio, its history and its rollback, on both database engines.

let root: string;
let dir: string;
const env = { ...process.env };
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "studio-publish-"));
  cpSync(path.join(process.cwd(), "manifests"), path.join(root, "manifests"), { recursive: true });
  dir = path.join(root, "manifests");
  process.env.MANIFESTS_DIR = dir;
});
afterAll(() => {
  process.env = env;
  rmSync(root, { recursive: true, force: true });
});

const SLUG = "sunshine-chery";
const fileText = () => readFileSync(path.join(dir, `${SLUG}.json`), "utf8");

describeEachDb("publishing from the studio", (db) => {
  const collection = () => manifestCollection(dir);
  let deployId = 0;
  beforeEach(async () => {
    await emptyTables(db, ["manifest_versions", "studio_working_copies", "studio_backups"]);
    const checked = validateVersion(SLUG, fileText(), { manifestsDir: dir, publicDir: publicDir() });
    if (!checked.ok) throw new Error("the fixture does not validate");
    const [o] = await publishVersions(db, collection(), [{ name: SLUG, version: checked.version }], { source: "files", by: "deploy" });
    deployId = o.status === "published" ? o.id : 0;
  });

  const edit = async (change: (v: unknown) => unknown, extra: { note?: string; liveId?: number | null } = {}) => {
    const source = (await dealerSource(db, SLUG, dir))!;
    const value = change(JSON.parse(source.text));
    return publishDealer(db, { slug: SLUG, baseText: source.text, value, liveId: source.liveId, by: "staff:ann", ...extra }, dir);
  };

  it("starts from the repository's file while the live version is that file's", async () => {
    expect(await dealerSource(db, SLUG, dir)).toMatchObject({ name: SLUG, text: fileText(), liveId: deployId });
  });

  it("publishes an edit as a version by the signed-in person with the note; the studio then edits what is live", async () => {
    const r = await edit((v) => setAt(v, ["name"], "Sunshine Chery Springwood"), { note: "New trading name" });
    expect(r).toMatchObject({ status: "published" });
    const [newest] = await versionHistory(db, collection(), SLUG, 1);
    expect(newest).toMatchObject({ source: "studio", publishedBy: "staff:ann", note: "New trading name" });
    expect(JSON.parse(newest.text!).name).toBe("Sunshine Chery Springwood");
    // The working copy (the preview) is what went live; the next edit starts from the live version.
    expect((await readWorkingCopy(db, collection(), `studio-${SLUG}`))!.text).toContain("Sunshine Chery Springwood");
    const next = (await dealerSource(db, SLUG, dir))!;
    expect(next.liveId).toBe(newest.id);
    expect(JSON.parse(next.text).name).toBe("Sunshine Chery Springwood");
    // The studio's own text, its template named, not the merged version, even after later unpublished edits.
    expect(JSON.parse(next.text).extends).toBe("dealer-base");
    await writeWorkingCopy(`studio-${SLUG}`, next.text.replace("Sunshine Chery Springwood", "Not published"), dir, { db });
    expect(JSON.parse((await dealerSource(db, SLUG, dir))!.text)).toMatchObject({ extends: "dealer-base", name: "Sunshine Chery Springwood" });
  });

  it("refuses what the platform's validation refuses, in plain words, and nothing goes live", async () => {
    const r = await edit((v) => setAt(v, ["name"], ""));
    expect(r).toMatchObject({ status: "invalid" });
    expect(r?.status === "invalid" && r.message).toBe("Not published: one problem to fix first. name: Enter at least 1 character: this cannot be empty.");
    expect((await versionHistory(db, collection(), SLUG)).map((v) => v.id)).toEqual([deployId]);
  });

  it("refuses when someone published since the studio opened the dealer", async () => {
    const r = await edit((v) => setAt(v, ["name"], "Other"), { liveId: deployId - 1 });
    expect(r).toMatchObject({ status: "changed", message: expect.stringContaining("Someone published") });
    expect(await versionHistory(db, collection(), SLUG)).toHaveLength(1);
  });

  it("refuses while the go-live check blocks: a domain without its bare twin", async () => {
    const r = await edit((v) => setAt(v, ["hosts"], ["www.sunshine-springwood.com.au"]));
    expect(r).toMatchObject({
      status: "invalid",
      message: expect.stringMatching(/^Not published: one problem to fix first\. .*'sunshine-springwood\.com\.au' is not/),
    });
    expect(await versionHistory(db, collection(), SLUG)).toHaveLength(1);
  });

  it("puts a new dealer's draft live: validated, go-live checked, published under its name, the draft kept as a backup and removed", async () => {
    const draft = path.join(dir, "drafts", "sunshine-two.json");
    const value = JSON.parse(fileText());
    Object.assign(value, { slug: "sunshine-two", name: "Sunshine Two", hosts: ["www.sunshinetwo.com.au"], redirectHosts: ["sunshinetwo.com.au"] });
    value.dealerships = value.dealerships.map((d: { id: number }) => ({ ...d, id: d.id + 9000 }));
    value.locations = value.locations.map((l: { dealership_id: number }) => ({ ...l, dealership_id: l.dealership_id + 9000 }));
    // A domain without its bare twin blocks going live: nothing is published and the draft stays.
    writeFileSync(draft, JSON.stringify({ ...value, redirectHosts: [] }, null, 2));
    const blocked = await publishDraft(db, "sunshine-two", "staff:ann", dir);
    expect(blocked).toMatchObject({ status: "invalid", message: expect.stringContaining("'sunshinetwo.com.au' is not") });
    expect(await versionHistory(db, collection(), "sunshine-two")).toEqual([]);
    // A slug another live dealer holds is refused by the claims check.
    writeFileSync(draft, JSON.stringify({ ...value, slug: SLUG }, null, 2));
    expect(await publishDraft(db, "sunshine-two", "staff:ann", dir)).toMatchObject({ status: "refused" });

    writeFileSync(draft, JSON.stringify(value, null, 2));
    const r = await publishDraft(db, "sunshine-two", "staff:ann", dir);
    expect(r).toMatchObject({ status: "published", slug: "sunshine-two" });
    const [live] = await versionHistory(db, collection(), "sunshine-two");
    expect(live).toMatchObject({ source: "studio", publishedBy: "staff:ann", note: "New dealer, put live from its draft" });
    expect(JSON.parse(live.text!).name).toBe("Sunshine Two");
    expect(existsSync(draft)).toBe(false);
    // The studio edits on from the draft's own text, its template named (not the merged version), with $schema as from
    // manifests/; it validates to exactly what went live.
    const copy = (await readWorkingCopy(db, collection(), publishedCopyName("sunshine-two")))!.text;
    expect(JSON.parse(copy)).toMatchObject({ $schema: "../schemas/manifest.schema.json", extends: "dealer-base", name: "Sunshine Two" });
    const again = validateVersion("sunshine-two", copy, { manifestsDir: dir, publicDir: publicDir() });
    expect(again.ok && again.version.hash).toBe(live.hash);
    const [backup] = await db.query<{ name: string; manifest: string }>("SELECT name, manifest FROM studio_backups WHERE kind = 'draft'");
    expect(backup).toMatchObject({ name: "sunshine-two" });
    expect(await publishDraft(db, "sunshine-two", "staff:ann", dir)).toBeNull();
  });

  it("lists every version with who, from where and what changed, and restores an earlier one in one step", async () => {
    const phone = ["contact", "phones", "sales"];
    const first = await edit((v) => setAt(v, phone, "07 3209 4999"), { note: "New sales line" });
    expect(first).toMatchObject({ status: "published" });
    const history = (await dealerHistory(db, SLUG, 30, dir))!;
    expect(history.map((h) => [h.source, h.publishedBy, h.live])).toEqual([
      ["studio", "staff:ann", true],
      ["files", "deploy", false],
    ]);
    expect(history[0].changes).toEqual(["contact › phones › sales: 07 3209 4100 → 07 3209 4999"]);
    expect(history[0].note).toBe("New sales line");
    expect(history[1].changes).toEqual(["(the whole manifest): added"]);

    // A staff account's version names the person, not the account's id.
    const { account: jo } = await addStaff(db, { email: "jo@leschenaultford.com.au", name: "Jo", role: "editor", dealers: [SLUG] }, "staff:ann");
    const back = await rollbackDealer(db, SLUG, deployId, jo.id, dir);
    expect(back).toMatchObject({ status: "published" });
    const after = (await dealerHistory(db, SLUG, 30, dir))!;
    expect(after[0]).toMatchObject({ source: "rollback", publishedBy: "Jo (jo@leschenaultford.com.au)", restores: deployId, live: true });
    expect(after[0].changes).toEqual(["contact › phones › sales: 07 3209 4999 → 07 3209 4100"]);
    expect(JSON.parse((await readWorkingCopy(db, collection(), `studio-${SLUG}`))!.text).contact.phones.sales).toBe("07 3209 4100");
    expect(await rollbackDealer(db, SLUG, 999_999, "staff:bo", dir)).toMatchObject({ status: "missing" });
    expect(await rollbackDealer(db, SLUG, deployId, "staff:bo", dir)).toMatchObject({ status: "unchanged" });
  });

  it("knows no dealer the store does not", async () => {
    expect(await publishDealer(db, { slug: "nobody", baseText: "{}", value: {}, by: "x" }, dir)).toBeNull();
    expect(await dealerHistory(db, "nobody", 30, dir)).toBeNull();
  });
});
