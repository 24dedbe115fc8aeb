#!/usr/bin/env node
// npm start: install what is missing, build when needed, then serve every sample dealer on port 3000.
import { spawn } from "node:child_process";
import { serverEnvironment } from "./lib/server-env.mjs";
import { copyFileSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { root, run, ensureDependencies, buildIsStale } from "./lib/setup.mjs";

ensureDependencies();
// The demo stock anchored on today (made again when it is older than yesterday; an imported feed
// is never replaced), so listing ages, sold cars and their SOLD pages are as fresh as the day: the
// tests keep theirs on a fixed day instead (scripts/stock-setup.ts).
run("npx", ["tsx", "scripts/stock-setup.ts", "--anchor=today"]);
// Harbour Motor Group's stock feed reads a DMS export from its inbox folder: the sample export is put
// there once, so the studio's feed screen can read it and the nightly run imports it.
const sampleFeed = path.join(root, ".data", "inbox", "harbour-motor-group", "dms-export.csv");
if (!existsSync(sampleFeed)) {
  mkdirSync(path.dirname(sampleFeed), { recursive: true });
  copyFileSync(path.join(root, "tests", "fixtures", "feeds", "harbour-dms-export.csv"), sampleFeed);
}
if (buildIsStale()) run("npx", ["next", "build"]);

const port = process.env.PORT ?? "3000";
const slugs = readdirSync(path.join(root, "manifests"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -5));
console.log(`\nServing every dealer on port ${port}:\n  directory: http://localhost:${port}/`);
for (const slug of slugs) console.log(`  ${slug}: http://${slug}.localhost:${port}/`);
console.log("(manifest edits are picked up without a rebuild; run `npm run validate` to check them)");
console.log(
  `Harbour Motor Group's stock feed (a sample DMS export in .data/inbox/harbour-motor-group/): http://localhost:${port}/studio/harbour-motor-group/feed`,
);
// One process on the embedded database unless DATABASE_URL names a shared server (docs/deployment.md).
const alone = !process.env.DATABASE_URL;
console.log(
  alone
    ? "Running as a single process (SINGLE_PROCESS=1) on the embedded database in .data/pglite; several processes need DATABASE_URL.\n"
    : "Using the PostgreSQL server in DATABASE_URL.\n",
);

// The local stand-ins: on a machine with no email or SMS provider, messages to shoppers (sign-in
// codes, reservation and payment confirmations) are kept in the local inbox instead of being sent,
// so every capability can be tried. A deployment started otherwise (scripts/server.mjs) keeps them
// off unless it sets AUTH_LOCAL_OUTBOX=on; a configured provider always sends for real.
const env = alone ? { ...process.env, SINGLE_PROCESS: "1" } : { ...process.env };
const realProvider = Boolean(env.SMTP_URL) || env.SMS_PROVIDER === "twilio";
if (!realProvider) env.AUTH_LOCAL_OUTBOX ??= "on";
if (env.AUTH_LOCAL_OUTBOX === "on" && !realProvider)
  console.log(
    `Local stand-ins are on: sign-in codes and confirmation emails are NOT sent; read them at http://localhost:${port}/inbox.\n` +
      "Payments use the built-in test gateway (card 4242 4242 4242 4242). docs/deployment.md lists the settings for real providers.\n" +
      // The server makes the link once it has started (runtime/studio/sign-in-link.ts).
      (env.STUDIO_SECRET || !alone ? "" : "The studio opens with the one-time sign-in link the server prints below as it starts (also listed in the inbox).\n"),
  );
else if (realProvider) console.log("Messages to shoppers are sent through the configured provider.\n");
else console.log("No email or SMS provider and AUTH_LOCAL_OUTBOX is not on: sign-in is not offered.\n");
const server = spawn(process.execPath, ["scripts/server.mjs", "-p", port], { cwd: root, stdio: "inherit", env: serverEnvironment(env) });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
