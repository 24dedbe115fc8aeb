/**
 * Who may do what in the studio. A platform admin edits every dealer, draft and template and
 * manages staff; an editor edits only the dealers named on their account (and a draft of the same
 * name, the dealer before it goes live), never a template (a template changes every dealer using
 * it) and never the staff list. The operator let in by the first-run link or the legacy shared
 * secret is an admin, and so is anyone in development when the studio is open without sign-in.
 * Pure: the studio's pages and posts ask `mayEdit` / `mayManageStaff` with the access they found.
 */
import type { StudioKind } from "./targets";

export type StaffRole = "admin" | "editor";
export const STAFF_ROLES: readonly StaffRole[] = ["admin", "editor"];

/** The person behind a studio session. `email` is null for the operator identities (link, secret, development). */
export interface StaffIdentity {
  id: string;
  email: string | null;
  name: string;
  role: StaffRole;
  /** An editor's dealer slugs; empty for an admin, who edits them all. */
  dealers: string[];
}

/** What the studio's pages and posts are told about the request (runtime/studio/sign-in.ts, studioAccess). */
export type StudioAccess = { ok: true; subject: string; staff: StaffIdentity } | { ok: false; message: string };
export type StudioAccessOk = Extract<StudioAccess, { ok: true }>;

/** An admin identity for a session that is not a staff account's (the link, the secret, development). */
export function operatorIdentity(subject: string, name: string): StaffIdentity {
  return { id: subject, email: null, name, role: "admin", dealers: [] };
}

/** Whether this access may open, check, save, preview or publish the dealer, draft or template `name`. */
export function mayEdit(access: StudioAccess, kind: StudioKind, name: string): boolean {
  if (!access.ok) return false;
  if (access.staff.role === "admin") return true;
  if (kind === "template") return false;
  return access.staff.dealers.includes(name);
}

/** Whether this access is a platform admin's: the only one to manage staff, make a new dealer, or do anything else not of one dealer. */
export function isPlatformAdmin(access: StudioAccess): boolean {
  return access.ok && access.staff.role === "admin";
}

/** Whether this access may list, add and remove staff (admins only). */
export const mayManageStaff = isPlatformAdmin;

/** The refusal a post answers (403) when `mayEdit` says no, naming what was refused and why. */
export function refusedMessage(kind: StudioKind | "staff", name?: string): string {
  if (kind === "staff") return "Only a platform admin may manage staff.";
  if (kind === "template") return `Only a platform admin may edit templates: ${name} changes every dealer that uses it.`;
  return `Your staff account may not edit ${name}: ask a platform admin to add it to your dealers.`;
}
