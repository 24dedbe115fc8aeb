import "server-only";
import { seeOther, type ApiContext } from "../http/api-route";
import { getDb, type Queryable } from "../db";
import type { Tenant } from "../tenant";
import { addStaff, checkStaffInput, removeStaff } from "./staff";
import type { StaffPageProblem } from "./staff-page";
import type { StudioAccessOk } from "./staff-roles";

type StaffContext = ApiContext<Record<string, string | string[]>, Record<string, never>, Tenant>;

const back = (query: { done?: string; problem?: StaffPageProblem }) => seeOther(`/studio/staff?${new URLSearchParams(query).toString()}`);

/**
 * POST /studio/staff/save (a platform admin's, checked by studioApiRoute): `action=add` with
 * email, name, role and dealers (checkboxes) adds or changes an account; `action=remove` with the
 * account's id removes it (never one's own). Back to the staff page, saying what happened; each
 * change is in the audit trail under the admin's subject.
 */
export async function handleStaffChange(
  ctx: StaffContext,
  access: StudioAccessOk,
  deps: { db?: () => Promise<Queryable>; known: () => readonly string[] },
): Promise<Response> {
  const { body } = ctx;
  const db = await (deps.db ?? getDb)();
  if (body.action === "add") {
    const checked = checkStaffInput({ email: body.email, name: body.name, role: body.role, dealers: body.dealers ?? [] }, deps.known());
    if (!checked.ok) return back({ problem: checked.problems[0]!.field });
    await addStaff(db, checked.value, access.subject);
    ctx.log("studio-staff", { outcome: "saved", role: checked.value.role });
    return back({ done: "added" });
  }
  if (body.action === "remove" && typeof body.id === "string" && body.id !== "") {
    if (body.id === access.staff.id) return back({ problem: "self" });
    const removed = await removeStaff(db, { id: body.id }, access.subject);
    ctx.log("studio-staff", { outcome: removed ? "removed" : "already-gone" });
    return back(removed ? { done: "removed" } : { problem: "gone" });
  }
  return back({ problem: "action" });
}
