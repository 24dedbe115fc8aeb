import { expect, type Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";

export interface InboxEntry {
  site: string;
  to: string;
  code?: string;
}

/** The local inbox's messages, newest first, as the directory host lists them at /inbox (`port` the server's). */
export async function inboxMessages(to?: string, port: number = E2E_PORT): Promise<InboxEntry[]> {
  const res = await fetch(`http://localhost:${port}/inbox${to ? `?to=${encodeURIComponent(to)}` : ""}`);
  if (!res.ok) throw new Error(`the local inbox answered ${res.status}`);
  const html = await res.text();
  const out: InboxEntry[] = [];
  for (const m of html.matchAll(/<li data-message="[^"]*"([^>]*)>/g)) {
    const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(m[1]!)?.[1];
    out.push({ site: attr("data-site") ?? "", to: attr("data-to") ?? "", code: attr("data-code") });
  }
  return out;
}

/** The newest sign-in code sent to `to` by a dealer's site (the local inbox; other messages to the address have no code). */
export async function latestSignInCode(site: string, to: string, port: number = E2E_PORT): Promise<string | null> {
  const found = (await inboxMessages(to, port)).find((m) => m.site === site && m.to === to && m.code);
  return found?.code ?? null;
}

/**
 * On the sign-in page already open: asks for a code by email or text, reads it from the local inbox and
 * signs in with it. `normalised` is the recipient as the inbox records it (lower-case email, mobile
 * without spaces). Waits for a code other than the newest one before asking, so a second sign-in
 * with the same recipient (a retried test) never types a code already used.
 */
export async function signInWithCode(page: Page, site: string, channel: "sms" | "email", recipient: string, normalised = recipient, port: number = E2E_PORT) {
  const before = await latestSignInCode(site, normalised, port);
  if (channel === "sms") {
    await page.getByLabel("Mobile number").fill(recipient);
    await page.getByRole("button", { name: "Text me a code" }).click();
  } else {
    await page.getByLabel("Email").fill(recipient);
    await page.getByRole("button", { name: "Email me a code" }).click();
  }
  await expect(page.getByText(/We sent a 6-digit code to/)).toBeVisible();
  let code: string | null = null;
  await expect.poll(async () => (code = await latestSignInCode(site, normalised, port)) !== null && code !== before).toBe(true);
  await page.getByLabel("Code").fill(code!);
  await page.getByRole("button", { name: "Sign in" }).click();
}
