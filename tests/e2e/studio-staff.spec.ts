/**
 * Staff sign in to the studio as themselves, by keyboard, on a server of the spec's own (port
 * STUDIO_STAFF_E2E_PORT, default 3431) run as `npm start` runs it (one process, the local inbox
 * on, no STUDIO_SECRET) over a copy of the manifests and a fresh database. The first admin is made
 * with `npm run staff` before the server starts; the admin signs in with the code the local inbox
 * shows, adds an editor of one dealer on the Staff page and signs out; the editor signs in the
 * same way, sees and opens only that dealer, and is refused another's page, posts, templates and
 * the Staff page. The sign-in, code, home, Staff and refusal pages pass axe at any impact.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { startNextServer, stopAndWait, waitForServer } from "../../scripts/lib/next-server";
import { axeClean } from "../helpers/axe";
import { inboxMessages } from "../helpers/sign-in";

const PORT = Number(process.env.STUDIO_STAFF_E2E_PORT ?? 3431);
const STUDIO = `http://localhost:${PORT}/studio`;
const ADMIN = "boss@example.com";
const EDITOR = "ed@example.com";
/** Where staff sign-in codes are kept in the local inbox (runtime/studio/sign-in.ts, STAFF_CODE_SCOPE). */
const STAFF_SCOPE = "_studio";

let root: string;
let server: ChildProcess | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  root = mkdtempSync(path.join(tmpdir(), "studio-staff-e2e-"));
  const manifests = path.join(root, "manifests");
  cpSync(path.join(process.cwd(), "manifests"), manifests, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, MANIFESTS_DIR: manifests, PGLITE_DIR: path.join(root, "db") };
  // The spec's own embedded database, never a shared server's.
  delete env.DATABASE_URL;
  delete env.STUDIO_SECRET;
  const made = spawnSync(process.execPath, ["--import", "tsx", "scripts/staff.ts", "add", ADMIN, "--role", "admin", "--name", "Boss"], {
    env,
    encoding: "utf8",
  });
  expect(made.status, made.stderr).toBe(0);
  expect(made.stdout).toContain(`Added ${ADMIN}: platform admin.`);
  server = startNextServer(PORT, {
    env: {
      ...env,
      NODE_ENV: "production",
      SITE_DIRECTORY: "on",
      SINGLE_PROCESS: "1",
      AUTH_LOCAL_OUTBOX: "on",
      AUTH_CODES_PER_CLIENT: "50",
      STUDIO_BACKUP_DIR: path.join(root, "backups"),
    },
  });
  await waitForServer(PORT, { server });
});

test.afterAll(async () => {
  await stopAndWait(server);
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The newest staff sign-in code the local inbox holds for `to`. */
async function newestCode(to: string): Promise<string | undefined> {
  return (await inboxMessages(to, PORT)).find((m) => m.site === STAFF_SCOPE && m.code)?.code;
}

/** Types into a field reached by focus, as a keyboard user would after tabbing to it. */
async function typeInto(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).focus();
  await page.keyboard.type(text);
}

/** Signs in on the sign-in page with the code emailed to `email` (read from the local inbox), by keyboard. */
async function signInByCode(page: Page, email: string) {
  const before = await newestCode(email);
  await typeInto(page, "Email", email);
  await page.keyboard.press("Enter");
  await expect(page.getByText("If that email address belongs to a staff account, we have sent it a 6-digit code.")).toBeVisible();
  await axeClean(page, { tags: "all", label: "code step" });
  let code: string | undefined;
  await expect.poll(async () => (code = await newestCode(email)) !== undefined && code !== before).toBe(true);
  await typeInto(page, "Code", code!);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Studio", level: 1 })).toBeVisible();
}

test("an admin adds an editor of one dealer; the editor signs in with an emailed code and edits only that dealer", async ({ page }) => {
  // Signed out: the sign-in page, with the staff form first.
  const start = await page.goto(STUDIO);
  expect(start?.status()).toBe(401);
  await expect(page.getByRole("heading", { name: "Staff sign-in" })).toBeVisible();
  await axeClean(page, { tags: "all", label: "sign-in page" });

  // An address without an account gets the same answer as a staff member's, and no email.
  await typeInto(page, "Email", "nobody@example.com");
  await page.keyboard.press("Enter");
  await expect(page.getByText("If that email address belongs to a staff account, we have sent it a 6-digit code.")).toBeVisible();
  expect(await inboxMessages("nobody@example.com", PORT)).toEqual([]);
  await page.goto(`${STUDIO}/sign-in`);

  await signInByCode(page, ADMIN);
  await expect(page.getByText(`Signed in as Boss (${ADMIN}), platform admin.`)).toBeVisible();
  await expect(page.getByRole("link", { name: "harbour-motor-group", exact: true })).toBeVisible();
  await axeClean(page, { tags: "all", label: "studio home (admin)" });
  // The cookie holds a random session id only.
  const session = (await page.context().cookies()).find((c) => c.name === "studio-session");
  expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // The Staff page, by keyboard: an editor of sunshine-chery.
  await page.getByRole("link", { name: "Staff", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Staff", level: 1 })).toBeVisible();
  await axeClean(page, { tags: "all", label: "staff page" });
  await typeInto(page, "Email", EDITOR);
  await typeInto(page, "Name", "Ed");
  await page.getByRole("radio", { name: /^Editor/ }).focus();
  await expect(page.getByRole("radio", { name: /^Editor/ })).toBeChecked();
  await page.getByRole("checkbox", { name: "sunshine-chery", exact: true }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: "sunshine-chery", exact: true })).toBeChecked();
  await page.getByRole("button", { name: "Add staff member" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("The staff account was saved. They sign in at /studio with their email address.");
  const row = page.getByRole("row", { name: new RegExp(EDITOR) });
  await expect(row).toContainText("Editor");
  await expect(row).toContainText("sunshine-chery");
  await expect(page.getByRole("listitem").filter({ hasText: `${ADMIN} added ${EDITOR} as editor` })).toBeVisible();
  await axeClean(page, { tags: "all", label: "staff page after adding" });

  // Signing out ends the session.
  await page.getByRole("button", { name: "Sign out" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Staff sign-in" })).toBeVisible();
  expect((await page.goto(STUDIO))?.status()).toBe(401);

  // The editor: only their dealer on the home page, no templates, no Staff link.
  await signInByCode(page, EDITOR);
  await expect(page.getByText(`Signed in as Ed (${EDITOR}), editor of sunshine-chery.`)).toBeVisible();
  await expect(page.locator("main ul").first().getByRole("link")).toHaveText(["sunshine-chery", "stock feed"]);
  await expect(page.getByRole("link", { name: "harbour-motor-group", exact: true })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Templates" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Staff", exact: true })).toHaveCount(0);
  // A new dealer is a platform admin's to make: no link to a form whose post would be refused.
  await expect(page.getByRole("link", { name: "New dealer" })).toHaveCount(0);
  await axeClean(page, { tags: "all", label: "studio home (editor)" });

  await page.getByRole("link", { name: "sunshine-chery", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${STUDIO}/sunshine-chery`);
  await expect(page.getByRole("heading", { name: "Not in your studio" })).toHaveCount(0);
  await expect(page.locator("iframe[title^='Preview of']")).toBeVisible();
  // The frame shows the dealer's working copy: the studio granted the preview host to its editor.
  await expect(page.frameLocator("iframe[title^='Preview of']").getByRole("banner")).toBeVisible();
  // Another dealer's preview is refused at the studio (403), so its preview host is never opened for this editor
  // (addresses without the trailing slash, which the server first answers with a 308 to these).
  const otherPreview = await page.request.get(`${STUDIO}/preview/studio-harbour-motor-group`, { maxRedirects: 0 });
  expect(otherPreview.status()).toBe(403);
  expect((await page.request.get(`${STUDIO}/preview/studio-sunshine-chery`, { maxRedirects: 0 })).status()).toBe(303);

  // Another dealer, a template and the Staff page: the studio's not-found page, saying why.
  for (const p of ["/harbour-motor-group", "/templates/dealer-base", "/staff", "/new"]) {
    const res = await page.goto(`${STUDIO}${p}`);
    expect(res?.status(), p).toBe(404);
    await expect(page.getByRole("heading", { name: "Not in your studio" })).toBeVisible();
  }
  await axeClean(page, { tags: "all", label: "refused page" });

  // Posts are refused with the reason: check (preview), save, and the staff list.
  const edit = { baseText: "{}", value: {} };
  for (const action of ["check", "save"]) {
    const refused = await page.request.post(`${STUDIO}/harbour-motor-group/${action}`, { data: edit });
    expect(refused.status(), action).toBe(403);
    expect((await refused.json()).message).toBe("Your staff account may not edit harbour-motor-group: ask a platform admin to add it to your dealers.");
  }
  const own = await page.request.post(`${STUDIO}/sunshine-chery/check`, { data: edit });
  expect(own.status()).not.toBe(403);
  const staffPost = await page.request.post(`${STUDIO}/staff/save`, { form: { action: "add", email: "x@example.com", role: "admin" } });
  expect(staffPost.status()).toBe(403);
});
