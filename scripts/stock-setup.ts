// Generates the demo stock when it is missing (deterministic; see scripts/stock/generate.ts).
import path from "node:path";
import { ensureStock } from "./stock/generate";

ensureStock(path.resolve(import.meta.dirname, ".."));
