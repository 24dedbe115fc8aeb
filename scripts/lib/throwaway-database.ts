import { randomBytes } from "node:crypto";
import pg from "pg";

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own on the PostgreSQL server `adminUrl` names (`{prefix}_{random}`), for a
 * fleet of test or benchmark processes: its name and the address that reaches it.
 */
export async function createThrowawayDatabase(adminUrl: string, prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { name, url: u.toString() };
}

/** Drops a database createThrowawayDatabase made, closing whatever still holds it. */
export function dropThrowawayDatabase(adminUrl: string, name: string): Promise<void> {
  return adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
