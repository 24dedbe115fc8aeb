import { describe, expect, it } from "vitest";
import { mayEdit, mayManageStaff, operatorIdentity, refusedMessage, type StudioAccess } from "./staff-roles";
import { checkStaffInput } from "./staff";
import { offersStaffCodes, studioCodePage, studioSignInPage, studioTarget } from "./access";

const editor: StudioAccess = {
  ok: true,
  subject: "id-1",
  staff: { id: "id-1", email: "ed@example.com", name: "Ed", role: "editor", dealers: ["sunshine-chery"] },
};
const admin: StudioAccess = { ok: true, subject: "first-run-link", staff: operatorIdentity("first-run-link", "Operator") };

describe("studio roles", () => {
  it("lets an editor edit only their own dealers (and a draft of that name), never a template or the staff list", () => {
    expect(mayEdit(editor, "dealer", "sunshine-chery")).toBe(true);
    expect(mayEdit(editor, "draft", "sunshine-chery")).toBe(true);
    expect(mayEdit(editor, "dealer", "harbour-motor-group")).toBe(false);
    expect(mayEdit(editor, "draft", "coast-chery")).toBe(false);
    expect(mayEdit(editor, "template", "dealer-base")).toBe(false);
    expect(mayManageStaff(editor)).toBe(false);
  });

  it("lets an admin edit everything and manage staff; a refused access nothing", () => {
    for (const kind of ["dealer", "draft", "template"] as const) expect(mayEdit(admin, kind, "anything")).toBe(true);
    expect(mayManageStaff(admin)).toBe(true);
    const refused: StudioAccess = { ok: false, message: "no" };
    expect(mayEdit(refused, "dealer", "sunshine-chery")).toBe(false);
    expect(mayManageStaff(refused)).toBe(false);
  });

  it("says why a post is refused", () => {
    expect(refusedMessage("dealer", "harbour-motor-group")).toBe(
      "Your staff account may not edit harbour-motor-group: ask a platform admin to add it to your dealers.",
    );
    expect(refusedMessage("template", "dealer-base")).toMatch(/^Only a platform admin may edit templates/);
  });
});

describe("a new staff account's details", () => {
  it("are an email (lower-cased), a role and, for an editor, dealers that exist", () => {
    expect(checkStaffInput({ email: " Ed@Example.COM ", name: " Ed ", role: "editor", dealers: ["b", "a", "a"] }, ["a", "b"])).toEqual({
      ok: true,
      value: { email: "ed@example.com", name: "Ed", role: "editor", dealers: ["a", "b"] },
    });
    expect(checkStaffInput({ email: "boss@example.com", role: "admin", dealers: "a,b" })).toEqual({
      ok: true,
      value: { email: "boss@example.com", name: "", role: "admin", dealers: [] },
    });
    expect(checkStaffInput({ email: "ed@example.com", role: "editor", dealers: "a, b" }, ["a", "b"])).toMatchObject({
      ok: true,
      value: { dealers: ["a", "b"] },
    });
  });

  it("are refused with the field and what is wrong", () => {
    const fields = (raw: Parameters<typeof checkStaffInput>[0], known?: string[]) => {
      const r = checkStaffInput(raw, known);
      return r.ok ? [] : r.problems.map((p) => p.field);
    };
    expect(fields({ email: "not-an-email", role: "admin" })).toEqual(["email"]);
    expect(fields({ email: "a@example.com", role: "owner" })).toEqual(["role"]);
    expect(fields({ email: "a@example.com", role: "editor" })).toEqual(["dealers"]);
    expect(fields({ email: "a@example.com", role: "editor", dealers: ["nobody"] }, ["a"])).toEqual(["dealers"]);
    expect(fields({ email: "a@example.com", role: "editor", dealers: ["../x"] })).toEqual(["dealers"]);
    expect(fields({ email: "a@example.com", name: "x".repeat(101), role: "admin" })).toEqual(["name"]);
    const r = checkStaffInput({ email: "a@example.com", role: "editor", dealers: ["nobody"] }, ["a"]);
    expect(r.ok ? "" : r.problems[0]!.message).toBe("There is no dealer named nobody.");
  });
});

describe("the sign-in pages", () => {
  it("offer the staff email form where codes can be delivered, beside the link or the legacy secret", () => {
    const staff = studioSignInPage(undefined, { kind: "staff" });
    expect(staff).toContain('<label for="email">Email</label>');
    expect(staff).not.toContain("Studio secret");
    const secret = studioSignInPage(undefined, { kind: "secret", secret: "x".repeat(16), codes: true });
    expect(secret).toContain('<label for="email">Email</label>');
    expect(secret).toContain("<h2>Studio secret (legacy)</h2>");
    expect(studioSignInPage(undefined, { kind: "secret", secret: "x".repeat(16), codes: false })).not.toContain('name="email"');
    const link = studioSignInPage(undefined, { kind: "link" });
    expect(link).toContain('name="email"');
    expect(link).toContain("one-time sign-in link");
    expect(offersStaffCodes({ kind: "open" }, { NODE_ENV: "development" })).toBe(true);
    expect(offersStaffCodes({ kind: "closed", reason: "x" }, { SMTP_URL: "smtp://m" })).toBe(false);
  });

  it("tie a problem to its field, and say the same on the code step whoever asked", () => {
    const page = studioSignInPage("Enter your <email>.", { kind: "staff" }, "email");
    expect(page).toContain("Enter your &lt;email&gt;.");
    expect(page).toMatch(/<input id="email"[^>]*aria-describedby="sign-in-problem" aria-invalid="true"/);
    expect(studioCodePage()).toContain("If that email address belongs to a staff account");
    expect(studioCodePage("Wrong")).toMatch(/<input id="code"[^>]*aria-invalid="true"/);
  });

  it("are reached at /studio/staff and its post, before any dealer of that name", () => {
    expect(studioTarget("/studio/staff")).toBe("/_studio/staff");
    expect(studioTarget("/studio/staff/save")).toBe("/_studio/staff/save");
  });
});
