import "server-only";
import type { ReactNode } from "react";
import { Link } from "@/runtime/ui/link";
import { getDb } from "../db";
import { allDrafts } from "../fleet/working-copies";
import { getSiteStore, manifestsDir } from "../manifest/store";
import { listAudit, listStaff, type AuditEntry, type StaffAccount } from "./staff";
import { mayManageStaff, type StudioAccessOk } from "./staff-roles";

/** What the staff page can be told after a change (`?done=`) or a refusal (`?problem=`): fixed words, never text from the address. */
export const STAFF_PAGE_MESSAGES = {
  done: { added: "The staff account was saved. They sign in at /studio with their email address.", removed: "The staff account was removed and signed out." },
  problem: {
    email: "Enter an email address like name@example.com.",
    name: "Keep the name to 100 characters.",
    role: "Choose a role: platform admin or editor.",
    dealers: "Choose at least one dealer for an editor (only dealers and drafts that exist).",
    self: "You cannot remove your own account: ask another admin.",
    gone: "That staff account was already removed.",
    action: "The form was not understood: reload the page and try again.",
  },
} as const;

export type StaffPageDone = keyof typeof STAFF_PAGE_MESSAGES.done;
export type StaffPageProblem = keyof typeof STAFF_PAGE_MESSAGES.problem;

/** The names an editor may be given: every dealer, and every draft (a dealer before it goes live). */
export function editableNames(): { dealers: string[]; drafts: string[] } {
  return { dealers: getSiteStore().sites.map((s) => s.slug), drafts: allDrafts(manifestsDir()) };
}

/** Who is signed in, a link to the staff page for an admin, and the sign-out button (a plain form post). */
export function StaffBar({ access }: { access: StudioAccessOk }): ReactNode {
  const s = access.staff;
  const who = s.email ? `${s.name || s.email} (${s.email})` : s.name;
  const role = s.role === "admin" ? "platform admin" : `editor of ${s.dealers.join(", ")}`;
  return (
    <div className="studio-staff-bar">
      <p>
        Signed in as {who}, {role}.{mayManageStaff(access) ? " " : null}
        {mayManageStaff(access) ? <Link href="/studio/staff">Staff</Link> : null}
      </p>
      {access.subject === "development" ? (
        <p>
          The studio is open without sign-in in development. {/* The sign-in form is a route handler's page, not a Next page: a plain link loads it whole. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/studio/sign-in?staff">Sign in as a staff member</a> to see it as they do.
        </p>
      ) : (
        <form method="post" action="/studio/sign-in">
          <input type="hidden" name="action" value="sign-out" />
          <button type="submit">Sign out</button>
        </form>
      )}
    </div>
  );
}

const when = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ") + " UTC";

/** One audit event in words: who (their email where known), what, to whom. */
function auditLine(e: AuditEntry, emails: Map<string, string>): string {
  const who = emails.get(e.actor) ?? e.actor;
  const target = e.target ? (emails.get(e.target) ?? (e.detail?.email as string | undefined) ?? e.target) : "";
  const how = typeof e.detail?.method === "string" ? ` (${e.detail.method})` : "";
  const reason = typeof e.detail?.reason === "string" ? ` (${e.detail.reason})` : "";
  switch (e.action) {
    case "signed-in":
      return `${who} signed in${how}`;
    case "signed-out":
      return `${who} signed out`;
    case "sign-in-refused":
      return `A sign-in was refused${reason}`;
    case "staff-added":
      return `${who} added ${target} as ${String(e.detail?.role ?? "")}`;
    case "staff-changed":
      return `${who} changed ${target} to ${String(e.detail?.role ?? "")}`;
    case "staff-removed":
      return `${who} removed ${target}`;
    default:
      return `${who}: ${e.action} ${target}`.trim();
  }
}

function AccountRow({ account }: { account: StaffAccount }): ReactNode {
  return (
    <tr>
      <td>{account.email}</td>
      <td>{account.name}</td>
      <td>{account.role === "admin" ? "Platform admin" : "Editor"}</td>
      <td>{account.role === "admin" ? "All" : account.dealers.join(", ")}</td>
      <td>
        <form method="post" action="/studio/staff/save">
          <input type="hidden" name="action" value="remove" />
          <input type="hidden" name="id" value={account.id} />
          <button type="submit">Remove {account.email}</button>
        </form>
      </td>
    </tr>
  );
}

/**
 * The staff page (/studio/staff, platform admins only): the active accounts, each with a remove
 * button, a form to add one (email, name, role, and an editor's dealers), and the latest sign-ins
 * and staff changes. Plain forms: it works before JavaScript.
 */
export async function StaffAdminPage({ access, done, problem }: { access: StudioAccessOk; done?: string; problem?: string }): Promise<ReactNode> {
  const db = await getDb();
  const [everyone, audit] = await Promise.all([listStaff(db, { includeInactive: true }), listAudit(db, 30)]);
  // Removed accounts stay in the trail (their emails name them there) but not in the table.
  const accounts = everyone.filter((a) => a.active);
  const emails = new Map(everyone.map((a) => [a.id, a.email]));
  const names = editableNames();
  const doneText = done && Object.hasOwn(STAFF_PAGE_MESSAGES.done, done) ? STAFF_PAGE_MESSAGES.done[done as StaffPageDone] : null;
  const problemKey = problem && Object.hasOwn(STAFF_PAGE_MESSAGES.problem, problem) ? (problem as StaffPageProblem) : null;
  const invalid = (field: StaffPageProblem) => (problemKey === field ? { "aria-invalid": true, "aria-describedby": "staff-problem" } : {});
  return (
    <main id="main" className="studio-index">
      <p>
        <Link href="/studio">Studio</Link>
      </p>
      <h1>Staff</h1>
      <StaffBar access={access} />
      {problemKey ? (
        <p role="alert" id="staff-problem">
          <strong>{STAFF_PAGE_MESSAGES.problem[problemKey]}</strong>
        </p>
      ) : null}
      <div role="status">{doneText ? <p>{doneText}</p> : null}</div>
      <h2>Accounts</h2>
      {accounts.length ? (
        <table>
          <caption>Staff who sign in to the studio with a code emailed to them</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Dealers</th>
              <th scope="col">Remove</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((a) => (
              <AccountRow key={a.id} account={a} />
            ))}
          </tbody>
        </table>
      ) : (
        <p>No staff accounts yet.</p>
      )}
      <h2>Add a staff member</h2>
      <p>
        They sign in at /studio with their email address: the studio emails them a code. Adding an address that has an account changes its role and dealers.
      </p>
      <form method="post" action="/studio/staff/save">
        <input type="hidden" name="action" value="add" />
        <p>
          <label htmlFor="staff-email">Email</label> <input id="staff-email" name="email" type="email" autoComplete="off" required {...invalid("email")} />
        </p>
        <p>
          <label htmlFor="staff-name">Name</label> <input id="staff-name" name="name" type="text" autoComplete="off" maxLength={100} {...invalid("name")} />
        </p>
        <fieldset {...invalid("role")}>
          <legend>Role</legend>
          <label>
            <input type="radio" name="role" value="editor" defaultChecked /> Editor of the dealers chosen below
          </label>
          <br />
          <label>
            <input type="radio" name="role" value="admin" /> Platform admin (every dealer, templates and staff)
          </label>
        </fieldset>
        <fieldset {...invalid("dealers")}>
          <legend>Dealers an editor may edit</legend>
          {names.dealers.map((d) => (
            <label key={d} className="studio-staff-choice">
              <input type="checkbox" name="dealers" value={d} /> {d}
            </label>
          ))}
          {names.drafts.map((d) => (
            <label key={`draft-${d}`} className="studio-staff-choice">
              <input type="checkbox" name="dealers" value={d} /> {d} (draft)
            </label>
          ))}
        </fieldset>
        <p>
          <button type="submit">Add staff member</button>
        </p>
      </form>
      <h2>Recent sign-ins and staff changes</h2>
      {audit.length ? (
        <ul>
          {audit.map((e) => (
            <li key={e.id}>
              <time dateTime={e.at.toISOString()}>{when(e.at)}</time>: {auditLine(e, emails)}
            </li>
          ))}
        </ul>
      ) : (
        <p>Nothing yet.</p>
      )}
    </main>
  );
}
