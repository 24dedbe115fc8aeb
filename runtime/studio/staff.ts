/**
 * Staff accounts and the studio's audit trail, over the database (used by the studio's server code
 * and by `npm run staff`, so nothing here is server-only). An account is an email (lower-cased,
 * one account per address), a name, a role and, for an editor, the dealers they edit. Removing an
 * account keeps it inactive (the audit trail still names it) and ends its sessions at once; adding
 * the same email again brings it back with the new role.
 */
import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/types";
import { normaliseEmail } from "../accounts/recipient";
import { STAFF_ROLES, type StaffIdentity, type StaffRole } from "./staff-roles";
import { STUDIO_NAME } from "./targets";

export interface StaffAccount extends StaffIdentity {
  email: string;
  active: boolean;
  createdAt: Date;
}

export interface StaffInput {
  email: string;
  name: string;
  role: StaffRole;
  dealers: string[];
}

export type FieldProblem = { field: "email" | "name" | "role" | "dealers"; message: string };

export const STAFF_NAME_MAX = 100;

/**
 * Checks what someone typed for a new account: a valid email, a role, and for an editor at least
 * one dealer, each a plain slug and (when `known` is given) one that exists. An admin's dealers
 * are dropped: an admin edits them all.
 */
export function checkStaffInput(
  raw: { email?: unknown; name?: unknown; role?: unknown; dealers?: unknown },
  known?: readonly string[],
): { ok: true; value: StaffInput } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const email = typeof raw.email === "string" ? normaliseEmail(raw.email) : null;
  if (!email) problems.push({ field: "email", message: "Enter an email address like name@example.com." });
  const name = typeof raw.name === "string" ? raw.name.trim() : "";
  if (name.length > STAFF_NAME_MAX) problems.push({ field: "name", message: `Keep the name to ${STAFF_NAME_MAX} characters.` });
  const role = STAFF_ROLES.find((r) => r === raw.role);
  if (!role) problems.push({ field: "role", message: "Choose a role: admin or editor." });
  const list = Array.isArray(raw.dealers) ? raw.dealers : typeof raw.dealers === "string" ? raw.dealers.split(",") : [];
  const dealers = [...new Set(list.map((d) => (typeof d === "string" ? d.trim() : "")).filter((d) => d !== ""))].sort();
  if (role === "editor") {
    if (dealers.length === 0) problems.push({ field: "dealers", message: "Choose at least one dealer for an editor." });
    const bad = dealers.filter((d) => !STUDIO_NAME.test(d) || (known && !known.includes(d)));
    if (bad.length) problems.push({ field: "dealers", message: `There is no dealer named ${bad.join(", ")}.` });
  }
  if (problems.length || !email || !role) return { ok: false, problems };
  return { ok: true, value: { email, name, role, dealers: role === "admin" ? [] : dealers } };
}

interface StaffRow {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  dealers: unknown;
  active: boolean;
  created_at: Date | string;
}

const COLUMNS = "id, email, name, role, dealers, active, created_at";

function toAccount(r: StaffRow): StaffAccount {
  const dealers = typeof r.dealers === "string" ? (JSON.parse(r.dealers) as unknown) : r.dealers;
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    dealers: Array.isArray(dealers) ? dealers.filter((d): d is string => typeof d === "string") : [],
    active: r.active,
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
  };
}

/** Every account, active ones first, each group by email. */
export async function listStaff(db: Queryable, options: { includeInactive?: boolean } = {}): Promise<StaffAccount[]> {
  const rows = await db.query<StaffRow>(`SELECT ${COLUMNS} FROM staff_accounts ${options.includeInactive ? "" : "WHERE active"} ORDER BY active DESC, email`);
  return rows.map(toAccount);
}

/** The active account with this id (a session's subject), or null. */
export async function activeStaffById(db: Queryable, id: string): Promise<StaffAccount | null> {
  const rows = await db.query<StaffRow>(`SELECT ${COLUMNS} FROM staff_accounts WHERE id = $1 AND active`, [id]);
  return rows[0] ? toAccount(rows[0]) : null;
}

/** The active account with this (already normalised) email, or null. */
export async function activeStaffByEmail(db: Queryable, email: string): Promise<StaffAccount | null> {
  const rows = await db.query<StaffRow>(`SELECT ${COLUMNS} FROM staff_accounts WHERE email = $1 AND active`, [email]);
  return rows[0] ? toAccount(rows[0]) : null;
}

/** Whether any active admin account exists (the CLI says how to make the first). */
export async function hasActiveAdmin(db: Queryable): Promise<boolean> {
  return (await db.query("SELECT 1 FROM staff_accounts WHERE active AND role = 'admin' LIMIT 1")).length > 0;
}

/**
 * Adds an account, or changes the one with this email (its role, dealers and name, made active
 * again), and records who did it. Returns the account and whether it was new.
 */
export async function addStaff(db: Queryable, input: StaffInput, actor: string, now = new Date()): Promise<{ account: StaffAccount; created: boolean }> {
  const before = await db.query<StaffRow>(`SELECT ${COLUMNS} FROM staff_accounts WHERE email = $1`, [input.email]);
  const rows = await db.query<StaffRow>(
    `INSERT INTO staff_accounts (id, email, name, role, dealers, active, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, true, $6, $6)
     ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name, role = EXCLUDED.role, dealers = EXCLUDED.dealers, active = true, updated_at = EXCLUDED.updated_at
     RETURNING ${COLUMNS}`,
    [randomUUID(), input.email, input.name, input.role, JSON.stringify(input.dealers), now.toISOString()],
  );
  const account = toAccount(rows[0]!);
  const previous = before[0] ? toAccount(before[0]) : null;
  await recordAudit(db, actor, previous ? "staff-changed" : "staff-added", account.id, {
    email: account.email,
    role: account.role,
    dealers: account.dealers,
    ...(previous ? { before: { role: previous.role, dealers: previous.dealers, active: previous.active } } : {}),
  });
  return { account, created: !previous };
}

/**
 * Removes an account (by id or email): it is kept inactive, its sessions end now, and who did it
 * is recorded. Null when there is no such active account.
 */
export async function removeStaff(db: Queryable, which: { id?: string; email?: string }, actor: string, now = new Date()): Promise<StaffAccount | null> {
  const email = which.email ? normaliseEmail(which.email) : null;
  if (!which.id && !email) return null;
  const rows = await db.query<StaffRow>(
    `UPDATE staff_accounts SET active = false, updated_at = $2 WHERE ${which.id ? "id" : "email"} = $1 AND active RETURNING ${COLUMNS}`,
    [which.id ?? email, now.toISOString()],
  );
  const account = rows[0] ? toAccount(rows[0]) : null;
  if (!account) return null;
  await db.query("DELETE FROM studio_sessions WHERE subject = $1", [account.id]);
  await recordAudit(db, actor, "staff-removed", account.id, { email: account.email, role: account.role });
  return account;
}

export interface AuditEntry {
  id: string;
  at: Date;
  actor: string;
  action: string;
  target: string | null;
  detail: Record<string, unknown> | null;
}

/** Records one event of the studio's access (never a code, token, secret or session id). */
export async function recordAudit(db: Queryable, actor: string, action: string, target: string | null = null, detail?: Record<string, unknown>): Promise<void> {
  await db.query("INSERT INTO studio_audit (actor, action, target, detail) VALUES ($1, $2, $3, $4::jsonb)", [
    actor,
    action,
    target,
    detail ? JSON.stringify(detail) : null,
  ]);
}

/** The newest events first. */
export async function listAudit(db: Queryable, limit = 50): Promise<AuditEntry[]> {
  const rows = await db.query<{ id: string | number; at: Date | string; actor: string; action: string; target: string | null; detail: unknown }>(
    "SELECT id, at, actor, action, target, detail FROM studio_audit ORDER BY id DESC LIMIT $1",
    [Math.min(Math.max(1, limit), 500)],
  );
  return rows.map((r) => ({
    id: String(r.id),
    at: r.at instanceof Date ? r.at : new Date(r.at),
    actor: r.actor,
    action: r.action,
    target: r.target,
    detail: (typeof r.detail === "string" ? JSON.parse(r.detail) : r.detail) as Record<string, unknown> | null,
  }));
}
