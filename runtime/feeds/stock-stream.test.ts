import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Car } from "../generated/types";
import { readCarsFile } from "../stock/store";
import { writeCarsFile } from "../stock/write";
import { CarsFileWriter, eachCarInFile } from "./stock-stream";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "stock-stream-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const car = (n: number) => ({ id: n, stocknum: `S${n}`, slug: `car-${n}`, name: `Car ${n}`, images: [{ image: { url: `/p/${n}.jpg` } }] }) as unknown as Car;
const collect = async (file: string) => {
  const out: Car[] = [];
  await eachCarInFile(file, (c) => void out.push(c));
  return out;
};

describe("CarsFileWriter", () => {
  it.each([0, 1, 499, 500, 1_201])("writes %i records byte for byte as writeCarsFile does, only once committed", async (count) => {
    const cars = Array.from({ length: count }, (_, i) => car(i + 1));
    writeCarsFile(path.join(dir, "whole.json"), cars);
    const file = path.join(dir, "streamed.json");
    const writer = new CarsFileWriter(file);
    for (const c of cars) writer.add(c);
    expect(fs.existsSync(file)).toBe(false);
    writer.commit();
    expect(fs.readFileSync(file, "utf8")).toBe(fs.readFileSync(path.join(dir, "whole.json"), "utf8"));
    expect(readCarsFile(file)).toEqual(cars);
    expect(await collect(file)).toEqual(cars);
    expect(fs.readdirSync(dir).sort()).toEqual(["streamed.json", "whole.json"]);
  });

  it("leaves nothing behind when aborted, and the file it would replace as it was", () => {
    const file = path.join(dir, "site.json");
    writeCarsFile(file, [car(1)]);
    const writer = new CarsFileWriter(file);
    writer.add(car(2));
    writer.abort();
    expect(readCarsFile(file)).toEqual([car(1)]);
    expect(fs.readdirSync(dir)).toEqual(["site.json"]);
  });
});

describe("eachCarInFile", () => {
  it("reads a file laid out by hand (pretty-printed) whole, and nothing for a missing file", async () => {
    const file = path.join(dir, "pretty.json");
    fs.writeFileSync(file, JSON.stringify([car(1), car(2)], null, 2));
    expect(await collect(file)).toEqual([car(1), car(2)]);
    expect(await collect(path.join(dir, "none.json"))).toEqual([]);
  });

  it("names the file and line of a broken record", async () => {
    const file = path.join(dir, "broken.json");
    fs.writeFileSync(file, `[\n${JSON.stringify(car(1))},\n{"id": 2,\n]\n`);
    await expect(collect(file)).rejects.toThrow(/broken\.json line 3/);
  });
});
