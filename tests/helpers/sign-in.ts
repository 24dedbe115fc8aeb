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

/** On the sign-in page: asks for a code by email, reads it from the outbox and signs in with it. */
export async function signInWithEmailedCode(page: Page, site: string, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a code" }).click();
  await expect(page.getByText(/We sent a 6-digit code to/)).toBeVisible();
  let code: string | null = null;
  await expect.poll(() => (code = latestSignInCode(site, email)) !== null).toBe(true);
  await page.getByLabel("Code").fill(code!);
  await page.getByRole("button", { name: "Sign in" }).click();
}
