import { randomBytes } from "node:crypto";
import type { Queryable } from "./types";

const asBytes = (data: Uint8Array | string): Buffer =>
  typeof data === "string" ? Buffer.from(data.startsWith("\\x") ? data.slice(2) : data, "hex") : Buffer.from(data);

/**
 * The platform's own key of this name (`platform_secrets`): made at random by the first process to
 * ask and the same for every process on the database ever after (two at once agree: the second
 * insert does nothing and both read the first's). For keys nobody configured; a configured
 * secret is always preferred by the caller.
 */
export async function platformSecret(db: Queryable, name: string, bytes = 32): Promise<Buffer> {
  await db.query("INSERT INTO platform_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [name, randomBytes(bytes)]);
  const [row] = await db.query<{ secret: Uint8Array | string }>("SELECT secret FROM platform_secrets WHERE name = $1", [name]);
  if (!row) throw new Error(`the platform key ${name} could not be read back`);
  return asBytes(row.secret);
}
