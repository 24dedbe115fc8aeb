// Generates the demo stock when it is missing (deterministic; see runtime/stock/generate.ts).
import path from "node:path";
import { ensureStock } from "../runtime/stock/generate";

ensureStock(path.resolve(import.meta.dirname, ".."));
