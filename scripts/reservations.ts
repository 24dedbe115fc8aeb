/**
 * Online reservations for dealer staff: `npm run reservations -- <command> [options]`.
 *
 *   list      [--dealer slug] [--status held|confirmed|cancelled|expired] [--limit n] [--show-personal]
 *             Newest first, with the status as of now (a held one past its time reads "expired").
 *   confirm   <id>              The dealer takes it on: it holds the car until cancelled.
 *   extend    <id> [--hours n]  Holds the car n hours longer (default: the dealer's hold, else 48).
 *   cancel    <id>              Frees the car at once (the deposit is not refunded: see refund).
 *   refund    <id>              Returns the whole deposit (100% refundable) and cancels the reservation.
 *   reconcile                   Finishes payments a stopped server left half done (void or capture).
 *
 * Database: DATABASE_URL (PostgreSQL) or the embedded PGlite in PGLITE_DIR (default .data/pglite).
 * PGlite serves one process: while the Next server has it open this command refuses (exit 2);
 * stop the server first, or run both against DATABASE_URL. The server picks up a change within
 * 2 seconds (its reservation overlay re-reads the table).
 *
 * Runs under the "react-server" export condition (package.json): the payment purposes it shares
 * with the server are marked server-only, which refuses to load anywhere else.
 */
import { parseArgs } from "node:util";
import type { Db } from "../runtime/db/index";
import { printTable, runStaffCommand } from "./lib/staff-cli";
import {
  cancelReservation,
  confirmReservation,
  extendReservation,
  listReservations,
  paymentById,
  ReservationStateError,
  reservationById,
  type ReservationRow,
} from "../runtime/reservations/store";
import { effectiveStatus, formatDeposit } from "../runtime/reservations/rules";
import { reconcileReservations, refundReservation } from "../runtime/payments/purposes/reserve";
import { providerLookup } from "../runtime/payments/server";
import { maskEmail, maskName, maskPhone } from "../runtime/leads/export";
import type { DealerManifest } from "../runtime/generated/types";

const USAGE =
  "usage: npm run reservations -- list|confirm|extend|cancel|refund|reconcile [id] [--dealer slug] [--status s] [--limit n] [--hours n] [--show-personal]";

function parse() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      dealer: { type: "string" },
      status: { type: "string" },
      limit: { type: "string" },
      hours: { type: "string" },
      "show-personal": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  return { command: positionals[0], id: positionals[1], values };
}

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : d ? new Date(String(d)).toISOString() : "-").slice(0, 16).replace("T", " ");

/** One row of the list. */
function listLine(r: ReservationRow, now: Date, personal: boolean, paymentStatus: string): string[] {
  const c = r.contact as Partial<Record<"name" | "last_name" | "email" | "phone", string>>;
  return [
    iso(r.created_at),
    r.id,
    r.dealer_slug,
    r.stock_number ?? r.car_id,
    (r.car_title ?? "").slice(0, 40),
    effectiveStatus(r, now),
    r.status === "held" ? iso(r.expires_at) : "-",
    formatDeposit(r.deposit_cents),
    paymentStatus,
    personal ? `${c.name ?? ""} ${c.last_name ?? ""}`.trim() : maskName(c.name, c.last_name),
    personal ? (c.email ?? "") : maskEmail(c.email),
    personal ? (c.phone ?? "") : maskPhone(c.phone),
  ];
}

async function manifestOf(slug: string): Promise<DealerManifest | null> {
  const { getSiteStore } = await import("../runtime/manifest/store");
  const rec = getSiteStore().bySlug.get(slug);
  return rec && rec.status === "ok" ? rec.manifest : null;
}

async function run(db: Db, command: string, id: string | undefined, v: ReturnType<typeof parse>["values"]): Promise<number> {
  const now = new Date();
  if (command === "list") {
    const limit = v.limit ? Number(v.limit) : 50;
    if (!(limit > 0)) throw new Error("--limit must be a positive number");
    const rows = await listReservations(db, { dealer: v.dealer, status: v.status, limit });
    if (!rows.length) {
      console.log("No reservations.");
      return 0;
    }
    const lines: string[][] = [];
    for (const r of rows) lines.push(listLine(r, now, v["show-personal"]!, r.payment_id ? ((await paymentById(db, r.payment_id))?.status ?? "-") : "-"));
    printTable([["created (UTC)", "id", "dealer", "stock", "car", "status", "held until (UTC)", "deposit", "payment", "name", "email", "phone"], ...lines]);
    console.log(`\n${rows.length} reservation(s).${v["show-personal"] ? "" : " Personal details masked (--show-personal to show)."}`);
    return 0;
  }
  if (command === "reconcile") {
    const manifests = new Map<string, DealerManifest | null>();
    for (const r of await db.query<{ dealer_slug: string }>("SELECT DISTINCT dealer_slug FROM reservation_payments WHERE gateway <> 'test'"))
      manifests.set(r.dealer_slug, await manifestOf(r.dealer_slug));
    const result = await reconcileReservations({ db, providerFor: providerLookup(db, (s) => manifests.get(s) ?? null) }, 0);
    console.log(`Reconciled: captured ${result.captured}, voided ${result.voided}, refunded ${result.refunded}, failed ${result.failed}.`);
    return 0;
  }
  if (!id) {
    console.error(`${command} needs a reservation id\n${USAGE}`);
    return 64;
  }
  const found = await reservationById(db, id);
  if (!found) {
    console.error(`No reservation ${id}.`);
    return 1;
  }
  try {
    if (command === "confirm") {
      const r = await confirmReservation(db, id, now);
      console.log(`Reservation ${r.id} confirmed: it holds the car until cancelled.`);
    } else if (command === "extend") {
      const hours = v.hours ? Number(v.hours) : ((await manifestOf(found.dealer_slug))?.reservations?.holdHours ?? 48);
      const r = await extendReservation(db, id, hours, now);
      console.log(`Reservation ${r.id} held until ${iso(r.expires_at)} UTC.`);
    } else if (command === "cancel") {
      const r = await cancelReservation(db, id);
      console.log(`Reservation ${id} is ${r?.status}. The car is free. The deposit was not refunded: \`npm run reservations -- refund ${id}\` returns it.`);
    } else if (command === "refund") {
      const payment = found.payment_id ? await paymentById(db, found.payment_id) : null;
      const manifest = payment && payment.gateway !== "test" ? await manifestOf(found.dealer_slug) : null;
      const out = await refundReservation({ db, providerFor: providerLookup(db, () => manifest) }, id);
      if (!out.ok) {
        console.error(`Not refunded: ${out.message}`);
        return 1;
      }
      console.log(out.amountCents ? `Refunded ${formatDeposit(out.amountCents)}; reservation ${id} cancelled.` : `Reservation ${id} was already refunded.`);
    } else {
      console.error(`unknown command '${command}'\n${USAGE}`);
      return 64;
    }
  } catch (e) {
    if (e instanceof ReservationStateError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
  return 0;
}

runStaffCommand({
  name: "reservations",
  usage: USAGE,
  commands: ["list", "confirm", "extend", "cancel", "refund", "reconcile"],
  parse: () => {
    const { command, id, values } = parse();
    return { command, help: values.help, run: (db, cmd) => run(db, cmd, id, values) };
  },
});
