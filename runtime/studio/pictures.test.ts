import { afterAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { isPicture, listPictures } from "./pictures";

const dir = mkdtempSync(path.join(tmpdir(), "studio-pictures-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("listPictures", () => {
  it("lists the images under public/ as manifest paths, sorted, and leaves out other files, dot-files and odd names", () => {
    mkdirSync(path.join(dir, "promos"), { recursive: true });
    mkdirSync(path.join(dir, ".cache"), { recursive: true });
    for (const f of ["promos/b.svg", "promos/a.PNG", "brochure.pdf", "logo.webp", ".hidden.png", ".cache/x.png", "with space.png"])
      writeFileSync(path.join(dir, f), "x");
    expect(listPictures(dir)).toEqual([
      { path: "/logo.webp", name: "logo.webp" },
      { path: "/promos/a.PNG", name: "a.PNG" },
      { path: "/promos/b.svg", name: "b.svg" },
    ]);
    expect(listPictures(dir, 1)).toHaveLength(1);
    expect(listPictures(path.join(dir, "missing"))).toEqual([]);
  });

  it("knows a picture by its extension", () => {
    expect(isPicture("a.JPG")).toBe(true);
    expect(isPicture("a.pdf")).toBe(false);
  });
});
