/**
 * Leads for onboarding and support staff: `npm run leads -- <command> [options]`.
 *
 *   list    [--dealer slug] [--status s] [--since YYYY-MM-DD] [--limit n] [--show-personal]
 *           Newest first. Names, emails and phones are masked unless --show-personal.
 *   export  [--dealer slug] [--status s] [--since YYYY-MM-DD] [--limit n] [--out file.csv] [--raw]
 *           CSV (RFC 4180) to stdout or --out. Cells a spreadsheet would run as formulas are
 *           prefixed with ' unless --raw. The export holds personal data: handle it accordingly.
 *   retry   [--dealer slug] [--status pending|failed] [--lead id]
 *           Makes undelivered deliveries due now and delivers them.
 *
 * --status: Complete or Incomplete (lead status), or pending, delivered, failed (delivery status).
 *
 * Database: DATABASE_URL (PostgreSQL) or the embedded PGlite in PGLITE_DIR (default .data/pglite).
 * PGlite serves one process: while the Next server has it open this command refuses (exit 2)
 * rather than risk the data; stop the server first, or run both against DATABASE_URL.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { Db } from "../runtime/db/index";
import { printTable, runStaffCommand } from "./lib/staff-cli";
import { findLeads, leadsToCsv, maskEmail, maskName, maskPhone, parseStatus, type LeadWithDeliveries } from "../runtime/leads/export";
import { deliverDueOnce, retryNow } from "../runtime/leads/outbox";

const USAGE =
  "usage: npm run leads -- list|export|retry [--dealer slug] [--status s] [--since YYYY-MM-DD] [--limit n] [--out file] [--show-personal] [--raw] [--lead id]";

function parse() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      dealer: { type: "string" },
      status: { type: "string" },
      since: { type: "string" },
      limit: { type: "string" },
      out: { type: "string" },
      lead: { type: "string" },
      "show-personal": { type: "boolean", default: false },
      raw: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  return { command: positionals[0], values };
}

function since(v: string | undefined): Date | undefined {
  if (!v) return undefined;
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) throw new Error(`--since: not a date: ${v}`);
  return d;
}

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d ?? "")).slice(0, 19).replace("T", " ");

function listLine(l: LeadWithDeliveries, personal: boolean): string[] {
  const p = l.payload ?? {};
  return [
    iso(l.created_at),
    l.id,
    l.dealer_slug,
    String(l.location_id ?? l.dealership_id ?? "-"),
    [l.category, l.subcategory].filter(Boolean).join(" / "),
    l.status,
    personal ? `${p.name ?? ""} ${p.last_name ?? ""}`.trim() : maskName(p.name, p.last_name),
    personal ? String(p.email ?? "") : maskEmail(p.email),
    personal ? String(p.phone ?? "") : maskPhone(p.phone),
    l.deliveries
      .map((d) => `${d.destination}:${d.status}${d.status === "delivered" ? "" : `(${d.attempts}${d.last_error ? ": " + d.last_error.slice(0, 60) : ""})`}`)
      .join(" ") || "-",
  ];
}

async function run(db: Db, command: string, v: ReturnType<typeof parse>["values"]): Promise<number> {
  const limit = v.limit ? Number(v.limit) : undefined;
  if (limit !== undefined && !(limit > 0)) throw new Error("--limit must be a positive number");
  const filter = { dealer: v.dealer, status: v.status, since: since(v.since), limit };
  if (command === "list") {
    const leads = await findLeads(db, { ...filter, limit: limit ?? 50 });
    if (!leads.length) {
      console.log("No leads.");
      return 0;
    }
    printTable([
      ["created (UTC)", "lead_id", "dealer", "location", "category", "status", "name", "email", "phone", "deliveries"],
      ...leads.map((l) => listLine(l, v["show-personal"]!)),
    ]);
    console.log(
      `\n${leads.length} lead(s)${limit ? "" : " (newest 50; --limit n for more)"}.${v["show-personal"] ? "" : " Personal details masked (--show-personal to show)."}`,
    );
    return 0;
  }
  if (command === "export") {
    const leads = await findLeads(db, filter);
    const csv = leadsToCsv(leads, v.raw);
    if (v.out) {
      writeFileSync(v.out, csv, { mode: 0o600 });
      // Counted from the leads: a message may hold line breaks of its own.
      console.error(`Wrote ${leads.length} lead(s) to ${v.out}.`);
    } else process.stdout.write(csv);
    return 0;
  }
  if (command === "retry") {
    const st = v.status ? parseStatus(v.status).delivery : undefined;
    if (v.status && st !== "pending" && st !== "failed") throw new Error("retry --status takes pending or failed");
    const due = await retryNow(db, { dealer: v.dealer, status: st as "pending" | "failed" | undefined, leadId: v.lead });
    console.log(`${due} delivery(ies) due now.`);
    const total = { attempted: 0, delivered: 0, retrying: 0, failed: 0 };
    for (let pass = 0; pass < 100; pass++) {
      const r = await deliverDueOnce(db);
      if (!r.attempted) break;
      for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += r[k];
    }
    console.log(`Attempted ${total.attempted}: delivered ${total.delivered}, will retry ${total.retrying}, failed ${total.failed}.`);
    if (total.retrying || total.failed) console.log("Run `npm run leads -- list --status failed` (or pending) to see the last error of each.");
    return total.retrying || total.failed ? 1 : 0;
  }
  console.error(USAGE);
  return 64;
}

runStaffCommand({
  name: "leads",
  usage: USAGE,
  commands: ["list", "export", "retry"],
  parse: () => {
    const { command, values } = parse();
    return {
      command,
      help: values.help,
      run: (db, cmd) => {
        process.env.LEADS_LOG ??= "off"; // the CLI prints its own summary
        return run(db, cmd, values);
      },
    };
  },
});
