import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diagnoseManifest } from "../../runtime/manifest/diagnostics";
import { DEALER_KINDS, scaffoldText, type DealerKind } from "../../runtime/manifest/scaffold";
import { REPO_MANIFESTS, REPO_PUBLIC, REPO_ROOT } from "../helpers/manifest-fixture";

const tmp = mkdtempSync(path.join(tmpdir(), "new-dealer-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
// No server database here (none was ever made): what the files take is all that is taken.
const env = { ...process.env, PGLITE_DIR: path.join(tmp, "no-database"), DATABASE_URL: "" };
const SAMPLE_DETAILS = {
  phone: "02 6686 0000",
  email: "sales@example.com.au",
  address: { street: "12 River Street", city: "Ballina", state: "nsw", postcode: "2478" },
} as const;
const opts = { manifestsDir: REPO_MANIFESTS, publicDir: REPO_PUBLIC, root: REPO_ROOT };

describe("npm run new-dealer", () => {
  it("writes a valid manifest with flags into the given folder and prints the preview and next steps", () => {
    const out = execFileSync(
      path.join(REPO_ROOT, "node_modules", ".bin", "tsx"),
      [
        "scripts/new-dealer.ts",
        ...["--name", "Coast Chery", "--template", "franchise", "--brand", "Chery", "--dir", tmp],
        ...["--address", "12 River Street, Ballina NSW 2478", "--phone", "02 6686 0000", "--email", "leads@coastchery.com.au", "--domain", "coastchery.com.au"],
      ],
      { cwd: REPO_ROOT, encoding: "utf8", env },
    );
    const file = path.join(tmp, "coast-chery.json");
    const d = diagnoseManifest(file, opts);
    expect(d.errors).toEqual([]);
    expect(d.ok).toBe(true);
    expect(d.manifest?.template).toBe("franchise");
    expect(d.manifest?.manufacturers).toEqual(["Chery"]);
    // The address as typed, the state's time zone, the domain with and without www.: never Brisbane.
    expect(d.manifest?.locations[0].address).toMatchObject({ street: "12 River Street", city: "Ballina", state: "nsw", postcode: "2478" });
    expect(d.manifest?.timeZone).toBe("Australia/Sydney");
    expect(d.manifest?.hosts).toEqual(["www.coastchery.com.au"]);
    expect(d.manifest?.redirectHosts).toEqual(["coastchery.com.au"]);
    expect(JSON.parse(readFileSync(file, "utf8")).$schema).toMatch(/schemas\/manifest\.schema\.json$/);
    expect(out).toContain("It is valid.");
    expect(out).toMatch(/preview: http:\/\/localhost:\d+\/preview\/coast-chery\//);
    expect(out).toContain("Next steps");
    expect(out).toContain("npm run stock:import");
  }, 60_000); // a tsx process that reads the stock files

  it("asks for each answer when run without flags (answers read line by line, Enter takes the default)", () => {
    const dir = path.join(tmp, "asked");
    const out = execFileSync(path.join(REPO_ROOT, "node_modules", ".bin", "tsx"), ["scripts/new-dealer.ts", "--dir", dir], {
      cwd: REPO_ROOT,
      env,
      encoding: "utf8",
      // name, slug, domain, kind, makes, address line, phone, email, time zone (the state's), dealership id.
      input: "Outback Vans\n\noutbackvans.com.au\n4\nJayco\n5 Bruxner Highway, Ballina NSW 2478\n02 6686 1111\nsales@outbackvans.com.au\n\n\n",
    });
    expect(out).toContain("Kind (number or name)");
    const d = diagnoseManifest(path.join(dir, "outback-vans.json"), opts);
    expect(d.errors).toEqual([]);
    expect(d.manifest?.template).toBe("caravan");
    expect(d.manifest?.wording?.vehicleType).toBe("Caravan");
    expect(d.manifest?.locations[0].time_zone).toBe("Australia/Sydney");
    expect(d.manifest?.locations[0].address).toMatchObject({ street: "5 Bruxner Highway", city: "Ballina", state: "nsw", postcode: "2478" });
  }, 60_000);

  it("refuses an unknown template with a usage message", () => {
    let status = 0;
    try {
      execFileSync(
        path.join(REPO_ROOT, "node_modules", ".bin", "tsx"),
        ["scripts/new-dealer.ts", "--name", "X", "--phone", "02 6686 0000", "--email", "x@x.com.au", "--template", "spaceship", "--dir", tmp],
        {
          cwd: REPO_ROOT,
          env,
          encoding: "utf8",
          stdio: "pipe",
        },
      );
    } catch (e) {
      status = (e as { status: number }).status;
    }
    expect(status).toBe(2);
  }, 60_000);

  it.each(Object.keys(DEALER_KINDS) as DealerKind[])("scaffolds a valid %s manifest", (kind) => {
    const text = scaffoldText({ name: `Test ${kind}`, kind, brand: "Jayco, Honda", dealershipId: 9901, ...SAMPLE_DETAILS });
    const d = diagnoseManifest(path.join(tmp, `${kind}.json`), opts, text);
    expect(d.errors).toEqual([]);
    expect(d.manifest?.template).toBe(kind);
    // A placeholder id has no stock: the one warning a new dealer starts with, where stock is at hand.
    expect(d.warnings.every((w) => w.source === "dealership-stock")).toBe(true);
  });
});
