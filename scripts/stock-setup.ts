// Generates the demo stock when it is missing (deterministic; see runtime/stock/generate.ts).
import path from "node:path";
import { existsSync } from "node:fs";

const root = path.resolve(import.meta.dirname, "..");
const generator = path.join(root, "runtime/stock/generate.ts");
if (existsSync(generator)) {
  const mod = await import("../runtime/stock/generate");
  const ensure = (mod as any).ensureStock as ((root: string) => unknown) | undefined;
  if (ensure) await ensure(root);
}
