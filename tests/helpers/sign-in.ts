import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { E2E_OUTBOX_DIR } from "../../playwright.config";

/** The newest sign-in code sent to `to` by a dealer's site (the local outbox; other messages to the address have no code). */
export function latestSignInCode(site: string, to: string): string | null {
  let files: string[];
  try {
    files = readdirSync(path.join(E2E_OUTBOX_DIR, site)).sort().reverse();
  } catch {
    return null;
  }
  for (const f of files) {
    const m = JSON.parse(readFileSync(path.join(E2E_OUTBOX_DIR, site, f), "utf8")) as { to: string; code?: string };
    if (m.to === to && m.code) return m.code;
  }
  return null;
}

/**
 * On the sign-in page already open: asks for a code by email or text, reads it from the outbox and
 * signs in with it. `normalised` is the recipient as the outbox records it (lower-case email, mobile
 * without spaces). Waits for a code other than the newest one before asking, so a second sign-in
 * with the same recipient (a retried test) never types a code already used.
 */
export async function signInWithCode(page: Page, site: string, channel: "sms" | "email", recipient: string, normalised = recipient) {
  const before = latestSignInCode(site, normalised);
  if (channel === "sms") {
    await page.getByLabel("Mobile number").fill(recipient);
    await page.getByRole("button", { name: "Text me a code" }).click();
  } else {
    await page.getByLabel("Email").fill(recipient);
    await page.getByRole("button", { name: "Email me a code" }).click();
  }
  await expect(page.getByText(/We sent a 6-digit code to/)).toBeVisible();
  let code: string | null = null;
  await expect.poll(() => (code = latestSignInCode(site, normalised)) !== null && code !== before).toBe(true);
  await page.getByLabel("Code").fill(code!);
  await page.getByRole("button", { name: "Sign in" }).click();
}
