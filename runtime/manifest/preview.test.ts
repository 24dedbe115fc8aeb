import { mkdirSync, mkdtempSync, rmSync, writeFileSync, cpSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SAMPLE_DEALER_DETAILS } from "../../tests/helpers/manifest-fixture";
import { afterAll, describe, expect, it } from "vitest";
import { draftPreview, previewNameOf, previewOrigin } from "./preview";
import { listDrafts, draftFile } from "./diagnostics";
import { scaffoldText } from "./scaffold";
import { REPO_MANIFESTS } from "../../tests/helpers/manifest-fixture";

const dir = mkdtempSync(path.join(tmpdir(), "drafts-"));
cpSync(path.join(REPO_MANIFESTS, "templates"), path.join(dir, "templates"), { recursive: true });
mkdirSync(path.join(dir, "drafts"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("draft previews", () => {
  it("reads the draft name from a preview host only", () => {
    expect(previewNameOf("coast-chery.preview.localhost")).toBe("coast-chery");
    expect(previewNameOf("coast-chery.localhost")).toBeNull();
    expect(previewNameOf("a.b.preview.localhost")).toBeNull();
    expect(previewOrigin("coast-chery", "3000")).toBe("http://coast-chery.preview.localhost:3000");
  });

  it("lists and diagnoses drafts, refusing names that are not plain slugs", () => {
    writeFileSync(
      path.join(dir, "drafts", "coast-chery.json"),
      scaffoldText({ name: "Coast Chery", kind: "franchise", brand: "Chery", dealershipId: 9901, ...SAMPLE_DEALER_DETAILS }),
    );
    expect(listDrafts(dir)).toEqual(["coast-chery"]);
    expect(draftFile(dir, "../coast-chery")).toBeNull();
    const preview = draftPreview("coast-chery", dir);
    expect(preview?.diagnostics.ok).toBe(true);
    expect(preview?.diagnostics.manifest?.name).toBe("Coast Chery");
    expect(draftPreview("nothing", dir)).toBeNull();
  });

  it("diagnoses the draft again after an edit", () => {
    const file = path.join(dir, "drafts", "coast-chery.json");
    writeFileSync(file, '{\n  "slug": "coast-chery",\n}\n');
    const d = draftPreview("coast-chery", dir)!.diagnostics;
    expect(d.ok).toBe(false);
    expect(d.errors[0]).toMatchObject({ line: 2, column: 24, message: expect.stringContaining("trailing comma") });
  });
});
