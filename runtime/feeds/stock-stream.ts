/**
 * Stock files read and written a record at a time, so an import of 100,000 cars never holds the
 * old stock and the new one whole. The layout is the one runtime/stock/write.ts writes (a JSON
 * array, one record a line); a file in any other layout (pretty-printed by hand) is read whole.
 */
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import type { Car } from "../generated/types";
import { readCarsFile } from "../stock/store";
import { carToJson } from "../stock/write";

/** Whether the file starts as write.ts writes it: `[` alone, then a whole record on the next line. */
function oneRecordALine(file: string): boolean {
  const fd = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(65_536);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    const lines = head.subarray(0, n).toString("utf8").split("\n", 3);
    if (lines[0].trim() !== "[") return false;
    const second = (lines[1] ?? "").trim();
    return second === "]" || (lines.length > 2 && second.startsWith("{") && /\},?$/.test(second));
  } finally {
    fs.closeSync(fd);
  }
}

/** Calls `each` with every car of a stock file, in file order, awaiting it before reading on. */
export async function eachCarInFile(file: string, each: (car: Car) => void | Promise<void>): Promise<void> {
  if (!fs.existsSync(file)) return;
  if (!oneRecordALine(file)) {
    for (const car of readCarsFile(file)) await each(car);
    return;
  }
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  let number = 0;
  for await (const raw of lines) {
    number++;
    const line = raw.trim();
    if (line === "[" || line === "]" || line === "") continue;
    let car: Car;
    try {
      car = JSON.parse(line.endsWith(",") ? line.slice(0, -1) : line) as Car;
    } catch (e) {
      lines.close();
      throw new Error(`${file} line ${number}: ${(e as Error).message}`);
    }
    await each(car);
  }
}

/**
 * A stock file written as records come (write.ts's layout), under a temporary name until
 * `commit` renames it into place; `abort` removes it. A reader never sees half a file.
 */
export class CarsFileWriter {
  readonly tmp: string;
  private fd: number | null;
  private buffered: string[] = [];
  private count = 0;

  constructor(readonly file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`;
    this.fd = fs.openSync(this.tmp, "w");
    fs.writeSync(this.fd, "[\n");
  }

  get written(): number {
    return this.count;
  }

  add(car: Car): void {
    this.buffered.push(carToJson(car));
    this.count++;
    if (this.buffered.length >= 500) this.flush(false);
  }

  private flush(last: boolean): void {
    if (this.fd === null) throw new Error(`${this.file}: written after it was closed`);
    if (this.buffered.length > 0) fs.writeSync(this.fd, (this.count > this.buffered.length ? ",\n" : "") + this.buffered.join(",\n"));
    this.buffered = [];
    if (last) fs.writeSync(this.fd, this.count > 0 ? "\n]\n" : "]\n");
  }

  /** Finishes the temporary file (readable with eachCarInFile) without putting it in place. */
  close(): void {
    if (this.fd === null) return;
    this.flush(true);
    fs.closeSync(this.fd);
    this.fd = null;
  }

  /** Puts the file in place of `file`. */
  commit(): void {
    this.close();
    fs.renameSync(this.tmp, this.file);
  }

  /** Removes the temporary file (nothing when it was committed). */
  abort(): void {
    if (this.fd !== null) {
      fs.closeSync(this.fd);
      this.fd = null;
    }
    fs.rmSync(this.tmp, { force: true });
  }
}
