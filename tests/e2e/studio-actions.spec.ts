/**
 * Every action the studio offers works, by keyboard: a new location, a holiday, a block from the
 * catalogue and a list entry start as to-dos shown at the fields still to fill (never refused);
 * a heading level keeps its number; days show their names; locations and blocks duplicate; the
 * dealer's hosts, dealership ids and licence have fields; a file with a syntax error opens with
 * the mistake at its line; and edits typed fast are all saved. Its own server over a temporary
 * copy of manifests/, on STUDIO_ACTIONS_E2E_PORT (default 3411) so parallel runs can differ.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "jsonc-parser";
import { scaffoldManifest } from "../../runtime/manifest/scaffold";
import { axeClean } from "../helpers/axe";
import { ownServer, signInWithSecret } from "../helpers/own-server";

const PORT = Number(process.env.STUDIO_ACTIONS_E2E_PORT ?? 3411);
const SECRET = "studio-actions-e2e-secret";
const STUDIO = `http://localhost:${PORT}/studio`;

// A studio test walks many fields, each checked by the server: more time than one page's test on a busy machine.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const server = ownServer("studio-actions-e2e", PORT, { env: () => ({ STUDIO_SECRET: SECRET }) });
const manifests = () => server.manifests;

const signIn = (page: Page) => signInWithSecret(page, server, SECRET);

type Published = Record<string, unknown> & { locations: Record<string, unknown>[] };
const studioOnly = { exclude: "iframe", tags: "all" as const };

/** Presses a control from the keyboard: focus on it, then Enter. */
async function press(control: Locator, key = "Enter") {
  await control.focus();
  await control.press(key);
}

/** Types into a field from the keyboard and leaves it with Tab (which sends the change). */
async function typeInto(field: Locator, text: string) {
  await field.focus();
  await field.press("Control+a");
  await field.pressSequentially(text);
  await field.press("Tab");
}

/** A list item of a generated form by the start of its summary's words (the outermost such item). */
const item = (page: Page, summary: RegExp) =>
  page
    .locator(".studio-items > li")
    .filter({ has: page.locator(":scope > details > summary", { hasText: summary }) })
    .first();

/** The studio's answer to publishing (runtime/studio/publish-http.ts). */
const publishAnswer = (page: Page) => page.waitForResponse((r) => r.url().endsWith("/studio/sunshine-chery/save") && r.request().method() === "POST");

/** Publishes the edit (Publish…, Review changes, Publish now) and answers the manifest text that went live. */
async function saveAll(page: Page): Promise<Published> {
  const answer = publishAnswer(page);
  await press(page.getByRole("button", { name: "Publish…" }));
  await press(page.getByRole("button", { name: "Review changes" }));
  await press(page.getByRole("button", { name: "Publish now" }));
  const body = (await (await answer).json()) as { ok: boolean; text?: string; message?: string };
  expect(body.ok, body.message).toBe(true);
  await expect(page.getByRole("status")).toContainText("Saved sunshine-chery.json");
  return parse(body.text!) as Published;
}

test("Add to Locations and Add to Special hours start as to-dos at the fields still to fill, then save", async ({ page }) => {
  await signIn(page);
  await page.goto(`${STUDIO}/sunshine-chery?route=${encodeURIComponent("/")}`);
  await press(page.getByRole("button", { name: "Locations and opening hours" }));
  await expect(page.getByRole("heading", { name: "Locations and opening hours", level: 2 })).toBeFocused();

  await press(page.getByRole("button", { name: "Add to Locations" }));
  await expect(page.getByRole("status")).toContainText("Added Locations 2");
  const added = item(page, /^Locations 2/);
  // Added at once, unfolded, with what is still to fill marked at its fields and listed with links.
  await expect(added.locator("details").first()).toHaveAttribute("open", "");
  const todo = page.getByRole("region", { name: "Problems" });
  await expect(todo).toContainText("Still to fill before the preview and saving");
  await expect(todo).toContainText('Fill in "name"');
  await expect(todo).not.toContainText("Enter a value of type");
  const name = added.getByLabel(/^Name \(required\)$/);
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(added.getByLabel(/^Street \(required\)$/)).toHaveAttribute("aria-invalid", "true");
  await axeClean(page, studioOnly);
  // The list's link takes the keyboard to the field.
  await press(todo.getByRole("link", { name: 'Fill in "name": it is needed here.' }));
  await expect(name).toBeFocused();

  // Publishing waits, saying what is missing.
  await press(page.getByRole("button", { name: "Publish…" }));
  await press(page.getByRole("button", { name: "Review changes" }));
  await press(page.getByRole("button", { name: "Publish now" }));
  await expect(page.getByRole("status")).toContainText("Not saved: still to fill:");

  await typeInto(name, "Ballina Kia Service");
  await typeInto(added.getByLabel(/^Id \(required\)$/), "1012");
  await typeInto(added.getByLabel(/^Slug \(required\)$/), "ballina-service");
  await typeInto(added.getByLabel(/^Dealership id \(required\)$/), "101");
  await typeInto(added.getByLabel(/^Street \(required\)$/), "12 River Street");
  await typeInto(added.getByLabel(/^City \(required\)$/), "Ballina");
  await added.getByLabel(/^State/).selectOption("NSW");
  await typeInto(added.getByLabel(/^Postcode \(required\)$/), "2478");
  await typeInto(added.getByLabel(/^Phone \(required\)$/), "02 6686 0000");
  await expect(page.getByRole("status")).toContainText("Preview updated");
  await expect(todo).toHaveCount(0);

  // A holiday: added at once with its date and status to fill, no date message before the field is there.
  await press(added.getByRole("button", { name: "Add to Special hours" }));
  const holiday = item(page, /^Special hours 1$/);
  const date = holiday.getByLabel(/^Date \(required\)$/);
  await expect(date).toBeVisible();
  await expect(date).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("status")).toContainText("Added Special hours 1");
  await expect(todo).toContainText('Fill in "date"');
  await axeClean(page, studioOnly);
  await typeInto(date, "2026-12-26");
  await holiday.getByLabel(/^Status/).selectOption("Closed");
  await typeInto(holiday.getByLabel(/^Name$/), "Boxing Day");
  await expect(page.getByRole("status")).toContainText("Preview updated");
  await expect(todo).toHaveCount(0);

  const saved = await saveAll(page);
  expect(saved.locations[1]).toMatchObject({
    id: 1012,
    name: "Ballina Kia Service",
    slug: "ballina-service",
    dealership_id: 101,
    address: { street: "12 River Street", city: "Ballina", state: "NSW", postcode: "2478" },
    contact_detail: { phone: "02 6686 0000" },
    special_hours: [{ date: "2026-12-26", status: "Closed", name: "Boxing Day" }],
  });
});

test("days by name; a location duplicated keeps its details with its id and slug to fill", async ({ page }) => {
  await signIn(page);
  await page.goto(`${STUDIO}/sunshine-chery?route=${encodeURIComponent("/")}`);
  await press(page.getByRole("button", { name: "Locations and opening hours" }));
  const first = item(page, /^Locations 1: Sunshine Chery Springwood$/);
  await press(first.locator("summary").first());
  // Opening hours are named by their day, and the day is chosen by its name.
  await expect(first.locator("summary", { hasText: /^Opening hours 2: Monday(,|$)/ })).toBeVisible();
  const monday = item(page, /^Opening hours 2: Monday(,|$)/);
  await press(monday.locator("summary").first());
  await expect(monday.getByLabel(/^Weekday/).locator("option:checked")).toHaveText("Monday");
  await axeClean(page, studioOnly);

  await press(page.getByRole("button", { name: "Duplicate Locations 1: Sunshine Chery Springwood" }));
  await expect(page.getByRole("status")).toContainText("Duplicated Locations 1");
  const copy = item(page, /^Locations 2/);
  await expect(copy.locator("summary").first()).toHaveText("Locations 2: Sunshine Chery Springwood");
  await expect(copy.locator("summary").first()).toBeFocused();
  // Its reviews are copied too: the location's own fields come first.
  await expect(copy.getByLabel(/^Id \(required\)$/).first()).toHaveAttribute("aria-invalid", "true");
  await typeInto(copy.getByLabel(/^Id \(required\)$/).first(), "1013");
  await typeInto(copy.getByLabel(/^Slug \(required\)$/).first(), "springwood-service");
  await typeInto(copy.getByLabel(/^Name \(required\)$/).first(), "Sunshine Chery Service");
  const primary = copy.getByLabel(/^Primary/);
  if (await primary.isChecked()) await press(primary, "Space");
  await expect(page.getByRole("status")).toContainText("Preview updated");
  await expect(page.getByRole("region", { name: "Problems" })).toHaveCount(0);
  const { locations } = await saveAll(page);
  expect(locations[1]).toMatchObject({ id: 1013, slug: "springwood-service", name: "Sunshine Chery Service", address: locations[0].address });
  expect(locations[1].contact_detail).toEqual(locations[0].contact_detail);
});

test("a rich-text block from the catalogue: added at once, heading level 3 from the list kept as a number, duplicated", async ({ page }) => {
  await signIn(page);
  await page.goto(`${STUDIO}/sunshine-chery?route=${encodeURIComponent("/")}`);
  const blocks = page.locator(".studio-tree > li");
  const before = await blocks.count();
  const type = page.getByLabel(/Block to add/);
  await type.selectOption("rich-text");
  await press(page.getByRole("button", { name: "Add block" }));
  await expect(blocks).toHaveCount(before + 1);
  await expect(page.getByRole("button", { name: "rich-text", pressed: true })).toBeFocused();
  await expect(page.getByRole("status")).toContainText("Added rich-text");
  await expect(page.getByRole("status")).not.toContainText("Fill in");

  const level = page.getByLabel("Heading level");
  await expect(level).toHaveValue("2");
  await level.focus();
  await page.keyboard.press("ArrowDown");
  await expect(level).toHaveValue("3");
  await expect(page.getByRole("status")).toContainText("Heading level changed. Preview updated");
  await expect(level).not.toHaveAttribute("aria-invalid", "true");
  await typeInto(page.getByRole("textbox", { name: "Heading", exact: true }), "Service centre hours");

  // A new content entry: its kind is still to choose (a to-do, not a refusal).
  await press(page.getByRole("button", { name: "Add to Content" }));
  const todo = page.getByRole("region", { name: "Problems" });
  await expect(todo).toContainText('Fill in "kind"');
  await axeClean(page, studioOnly);
  await press(todo.getByRole("link", { name: /^Fill in "kind"/ }));
  const kind = page.getByLabel(/^Kind/);
  await expect(kind).toBeFocused();
  await kind.selectOption("paragraph");
  await typeInto(page.getByRole("textbox", { name: "Text", exact: true }), "Open six days.");
  await expect(todo).toHaveCount(0);
  await expect(page.getByRole("status")).toContainText("Preview updated");

  const name = `rich-text ${before + 1}`;
  await press(page.getByRole("button", { name: `Duplicate ${name}` }));
  await expect(blocks).toHaveCount(before + 2);
  const saved = await saveAll(page);
  const home = (saved.routes as Record<string, { blocks: { type: string; props: Record<string, unknown> }[] }>)["/"].blocks;
  const made = home.filter((b) => b.type === "rich-text" && b.props.heading === "Service centre hours");
  expect(made).toHaveLength(2);
  for (const b of made) expect(b.props).toEqual({ heading: "Service centre hours", headingLevel: 3, content: [{ kind: "paragraph", text: "Open six days." }] });
});

test("the dealer's hosts, dealership ids and licence number have fields", async ({ page }) => {
  await signIn(page);
  await page.goto(`${STUDIO}/sunshine-chery?route=${encodeURIComponent("/")}`);
  await press(page.getByRole("button", { name: "Dealer, domains and dealership ids" }));
  await expect(page.getByLabel(/^Hosts item 1/)).toHaveValue("www.sunshinechery.com.au");
  await press(page.getByRole("group", { name: /^Hosts/ }).getByRole("button", { name: "Add item" }));
  const host = page.getByLabel(/^Hosts item 3/);
  await expect(host).toHaveAttribute("aria-invalid", "true");
  await typeInto(host, "sunshine.example.com.au");
  await typeInto(page.getByLabel(/^Dealer licence number/), "MD3099999");
  const dealership = item(page, /^Dealerships 1: Sunshine Chery$/);
  await press(dealership.locator("summary").first());
  await expect(dealership.getByLabel(/^Id \(required\)$/)).toHaveValue("101");
  await expect(page.getByRole("status")).toContainText("Preview updated");
  await axeClean(page, studioOnly);
  await expect(page.getByRole("button", { name: "Lead destinations and forms" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Stock feed" })).toBeVisible();
  // A domain without its www. twin is held back by the go-live check, in plain words at publishing…
  const refused = publishAnswer(page);
  await press(page.getByRole("button", { name: "Publish…" }));
  await press(page.getByRole("button", { name: "Review changes" }));
  await press(page.getByRole("button", { name: "Publish now" }));
  expect(((await (await refused).json()) as { message: string }).message).toContain("'www.sunshine.example.com.au' is not");
  // …and goes live once the twin is there.
  await press(page.getByRole("group", { name: /^Hosts/ }).getByRole("button", { name: "Add item" }));
  await typeInto(page.getByLabel(/^Hosts item 4/), "www.sunshine.example.com.au");
  const saved = await saveAll(page);
  expect(saved).toMatchObject({
    hosts: ["www.sunshinechery.com.au", "sunshinechery.com.au", "sunshine.example.com.au", "www.sunshine.example.com.au"],
    dealerLicenceNumber: "MD3099999",
  });
});

test("edits typed fast into many fields, with no waits, are all in what went live", async ({ page }) => {
  await signIn(page);
  await page.goto(`${STUDIO}/sunshine-chery?route=${encodeURIComponent("/")}`);
  await press(page.getByRole("button", { name: "Locations and opening hours" }));
  const loc = item(page, /^Locations 1: /);
  await press(loc.locator("summary").first());
  const edits: [Locator, string][] = [
    [loc.getByLabel(/^Name \(required\)$/).first(), "Sunshine Chery Springwood Fast"],
    [loc.getByLabel(/^Street \(required\)$/), "3362 Pacific Highway"],
    [loc.getByLabel(/^City \(required\)$/), "Springwood Central"],
    [loc.getByLabel(/^Postcode \(required\)$/), "4128"],
    [loc.getByLabel(/^Phone \(required\)$/), "07 3209 4199"],
    [loc.getByLabel(/^Email$/), "fast@sunshinechery.com.au"],
    [loc.getByLabel(/^Dealer licence number \(this location\)$/), "MD3011111"],
    [loc.getByLabel(/^Location subtype$/), "buying"],
  ];
  // No waiting between fields: each Tab sends an edit while the earlier ones are still being checked.
  for (const [field, text] of edits) {
    await field.fill(text);
    await field.press("Tab");
  }
  const answer = publishAnswer(page);
  await page.getByRole("button", { name: "Publish…" }).click();
  await page.getByRole("button", { name: "Review changes" }).click();
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("status")).toContainText("Saved sunshine-chery.json");
  const saved = parse(((await (await answer).json()) as { text: string }).text) as Published;
  expect(saved.locations[0]).toMatchObject({
    name: "Sunshine Chery Springwood Fast",
    address: { street: "3362 Pacific Highway", city: "Springwood Central", postcode: "4128" },
    contact_detail: { phone: "07 3209 4199", email: "fast@sunshinechery.com.au" },
    dealer_license_number: "MD3011111",
    location_subtype: "buying",
  });
});

test("a manifest with a missing comma opens with the mistake at its line and column in plain words", async ({ page }) => {
  const draft = scaffoldManifest({ name: "Ballina Kia", slug: "ballina-kia", kind: "franchise", brand: "Kia", dealershipId: 202 });
  const lines = JSON.stringify(draft, null, 2).split("\n");
  const at = lines.findIndex((l) => l.startsWith('  "locations"'));
  lines[at - 1] = lines[at - 1].replace(/,$/, "");
  writeFileSync(path.join(manifests(), "drafts", "ballina-kia.json"), lines.join("\n"));
  await signIn(page);
  await page.goto(`${STUDIO}/drafts/ballina-kia`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("drafts/ballina-kia.json cannot be opened yet");
  await expect(page.locator(".studio-syntax > li").first()).toHaveText(`Line ${at + 1}, column 3: a comma is missing before "locations".`);
  await expect(page.locator("iframe")).toHaveCount(0);
  await axeClean(page, { tags: "all" });
});

test("a day switched to Closed saves with its times emptied; a day switched to Open asks for its times at their fields", async ({ page }) => {
  await signIn(page);
  await page.goto(`${STUDIO}/sunshine-chery?route=${encodeURIComponent("/")}`);
  await press(page.getByRole("button", { name: "Locations and opening hours" }));
  const first = item(page, /^Locations 1: /);
  await press(first.locator("summary").first());
  const day = (name: RegExp) =>
    first
      .locator(".studio-items > li")
      .filter({ has: page.locator(":scope > details > summary", { hasText: name }) })
      .first();
  const saturday = day(/^Opening hours 7: Saturday(,|$)/);
  const sunday = day(/^Opening hours 1: Sunday(,|$)/);
  // Both days unfolded before any typing.
  await press(saturday.locator("summary").first());
  await press(sunday.locator("summary").first());
  const problems = page.getByRole("region", { name: "Problems" });

  // Saturday closed: its times and display text emptied are taken out, not kept as empty text the schema refuses.
  await saturday.getByLabel(/^Status/).selectOption("Closed");
  for (const label of [/^Open$/, /^Close$/, /^Hours as shown$/]) {
    await saturday.getByLabel(label).fill("");
    await saturday.getByLabel(label).press("Tab");
  }
  await expect(page.getByRole("status")).toContainText("Preview updated");
  await expect(problems).toHaveCount(0);

  // Sunday opened with no times: each time is asked for at its own field, and publishing waits.
  await sunday.getByLabel(/^Status/).selectOption("Open");
  await expect(sunday.getByLabel(/^Open$/)).toHaveAttribute("aria-invalid", "true");
  await expect(sunday.getByLabel(/^Close$/)).toHaveAttribute("aria-invalid", "true");
  await expect(problems).toContainText(
    /is open on Sunday but has no opening time \(enter it as a 24-hour time like 08:00, or set the day to Closed\) \(at locations › item 1 › contact_detail › opening_hours › Sunday › open\)/,
  );
  await expect(problems).toContainText(/is open on Sunday but has no closing time .*› Sunday › close\)/);
  await axeClean(page, studioOnly);
  await press(page.getByRole("button", { name: "Publish…" }));
  await press(page.getByRole("button", { name: "Review changes" }));
  await press(page.getByRole("button", { name: "Publish now" }));
  await expect(page.getByRole("status")).toContainText("Not saved: still to fill:");
  await typeInto(sunday.getByLabel(/^Open$/), "09:00");
  await typeInto(sunday.getByLabel(/^Close$/), "13:00");
  await sunday.getByLabel(/^Hours as shown$/).fill("");
  await sunday.getByLabel(/^Hours as shown$/).press("Tab");
  await expect(page.getByRole("status")).toContainText("Preview updated");
  await expect(problems).toHaveCount(0);

  const { locations } = await saveAll(page);
  const hours = (locations[0].contact_detail as { opening_hours: unknown[] }).opening_hours;
  expect(hours[6]).toEqual({ weekday: 6, status: "Closed" });
  expect(hours[0]).toEqual({ weekday: 0, status: "Open", open: "09:00", close: "13:00" });
});
