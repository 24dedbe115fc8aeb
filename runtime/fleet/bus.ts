/**
 * The change bus: what one server process changes, every process hears within moments, through
 * PostgreSQL's LISTEN/NOTIFY on the database they share (on embedded PGlite, in-process: a
 * single process hears itself). Nobody has to call each process's address.
 *
 * A message is announced with `announce(q, message)`, inside the transaction that made the
 * change when there is one (PostgreSQL delivers it at commit, never for a rolled-back change).
 * Each process listens on one connection of its own (runtime/db/postgres.ts reconnects it); a
 * message missed while the connection was down is made up for by the `reconnected` handlers,
 * which reload what they serve.
 */
import type { Db, Queryable } from "@/runtime/db";

export const FLEET_CHANNEL = "dealer_platform_fleet";

export type FleetMessage =
  /** Manifest versions were published, rolled back or withdrawn: reload the collection's live versions. */
  | { type: "manifests"; collection: string; action: "published" | "rolled-back" | "withdrawn"; names: string[] }
  /** A dealer's or one car's cached data and pages expire now (POST /api/revalidate); `from` is the announcing process. */
  | { type: "revalidate"; site: string; car?: string; from?: string }
  /**
   * A stock snapshot was published (an import, a feed run): `seq` is its number in the shared
   * stock (runtime/fleet/shared-stock.ts). Apply its changed cars to search now, then index the snapshot.
   */
  | { type: "stock"; seq?: number }
  /** A reservation was made, confirmed or ended: read the cars held now instead of at the next check. */
  | { type: "reservations" }
  /** A studio working copy was written or removed (runtime/fleet/working-copies.ts): read it again. */
  | { type: "working-copy"; collection: string; name: string }
  /** A snapshot's shared search index was stored or its claim given up (runtime/fleet/search-index.ts): a process waiting for it looks again. */
  | { type: "search-index"; snapshot: string; version: string };

export type FleetMessageType = FleetMessage["type"];
type Handler<T extends FleetMessageType> = (message: Extract<FleetMessage, { type: T }>) => void | Promise<void>;

/** PostgreSQL refuses a payload of 8000 bytes or more; a list of names longer than this is left out ("reload all"). */
const MAX_NAMES = 50;

const SLUG = /^[a-z0-9][a-z0-9-]{0,200}$/;
/** A snapshot's hash or an engine version, as runtime/fleet/search-index.ts keys them. */
const INDEX_KEY = /^[A-Za-z0-9._:-]{1,128}$/;
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");

/** The message a payload carries, or null for anything else (another version's message, a stray NOTIFY). */
export function parseFleetMessage(payload: string): FleetMessage | null {
  let m: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(payload);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    m = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  switch (m.type) {
    case "manifests":
      if (typeof m.collection !== "string" || !["published", "rolled-back", "withdrawn"].includes(String(m.action)) || !isStrings(m.names)) return null;
      return { type: "manifests", collection: m.collection, action: m.action as "published", names: m.names };
    case "revalidate":
      if (typeof m.site !== "string" || !SLUG.test(m.site) || (m.car !== undefined && (typeof m.car !== "string" || !SLUG.test(m.car)))) return null;
      return {
        type: "revalidate",
        site: m.site,
        ...(typeof m.car === "string" ? { car: m.car } : {}),
        ...(typeof m.from === "string" ? { from: m.from } : {}),
      };
    case "stock":
      return Number.isSafeInteger(m.seq) && (m.seq as number) > 0 ? { type: "stock", seq: m.seq as number } : { type: "stock" };
    case "reservations":
      return { type: "reservations" };
    case "working-copy":
      if (typeof m.collection !== "string" || typeof m.name !== "string" || !SLUG.test(m.name)) return null;
      return { type: "working-copy", collection: m.collection, name: m.name };
    case "search-index":
      if (typeof m.snapshot !== "string" || typeof m.version !== "string" || !INDEX_KEY.test(m.snapshot) || !INDEX_KEY.test(m.version)) return null;
      return { type: "search-index", snapshot: m.snapshot, version: m.version };
    default:
      return null;
  }
}

export function encodeFleetMessage(message: FleetMessage): string {
  if (message.type === "manifests" && message.names.length > MAX_NAMES) return JSON.stringify({ ...message, names: [] });
  return JSON.stringify(message);
}

const ID_KEY = Symbol.for("dealer-platform.fleet-process-id");

/** This process's name on the bus, to recognise its own messages (one per process, whatever module graph asks). */
export function processId(): string {
  const g = globalThis as { [ID_KEY]?: string };
  return (g[ID_KEY] ??= `${process.pid}-${Math.random().toString(36).slice(2, 10)}`);
}

/** Announces a change to every process (delivered when the surrounding transaction, if any, commits). */
export async function announce(q: Queryable, message: FleetMessage): Promise<void> {
  await q.query("SELECT pg_notify($1, $2)", [FLEET_CHANNEL, encodeFleetMessage(message)]);
}

/** One process's subscription to the bus: handlers by message type, and who to tell when it listens again. */
export class FleetBus {
  private handlers = new Map<FleetMessageType, Set<(message: FleetMessage) => void | Promise<void>>>();
  private reconnectHandlers = new Set<() => void | Promise<void>>();
  private stop: (() => Promise<void>) | null = null;
  private db: Db | null = null;
  private listening = false;
  private lost = false;

  constructor(
    private readonly log: (message: string) => void = (m) => console.error(m),
    private readonly onListening: (listening: boolean) => void = () => {},
  ) {}

  /** Starts listening on the database; resolves once it does. */
  async start(db: Db): Promise<void> {
    if (this.stop) return;
    this.db = db;
    this.stop = await db.listen(
      FLEET_CHANNEL,
      (payload) => this.deliver(payload),
      (listening) => {
        this.listening = listening;
        this.onListening(listening);
        if (!listening) this.lost = true;
        else if (this.lost) {
          this.lost = false;
          for (const h of this.reconnectHandlers) void this.safely("reconnected", () => h());
        }
      },
    );
  }

  get isListening(): boolean {
    return this.listening;
  }

  on<T extends FleetMessageType>(type: T, handler: Handler<T>): () => void {
    const set = this.handlers.get(type) ?? new Set();
    // Delivered by type (deliver below), so the handler only ever sees messages of its own type.
    const wrapped = (message: FleetMessage) => handler(message as Extract<FleetMessage, { type: T }>);
    set.add(wrapped);
    this.handlers.set(type, set);
    return () => set.delete(wrapped);
  }

  /** Called when the bus listens again after a lost connection: messages may have been missed. */
  onReconnected(handler: () => void | Promise<void>): () => void {
    this.reconnectHandlers.add(handler);
    return () => this.reconnectHandlers.delete(handler);
  }

  /** Announces to every process (this one included); false when this process has no bus (scripts, unit tests). */
  async announce(message: FleetMessage): Promise<boolean> {
    if (!this.db) return false;
    await announce(this.db, message);
    return true;
  }

  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = null;
    this.db = null;
    this.listening = false;
    await stop?.();
  }

  private deliver(payload: string): void {
    const message = parseFleetMessage(payload);
    if (!message) {
      this.log(`[fleet] ignored a message on ${FLEET_CHANNEL} that is not one of ours`);
      return;
    }
    for (const h of this.handlers.get(message.type) ?? []) void this.safely(message.type, () => h(message));
  }

  private async safely(what: string, run: () => void | Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      this.log(`[fleet] handling '${what}' failed: ${(error as Error).message}`);
    }
  }
}

const KEY = Symbol.for("dealer-platform.fleet-bus");
type Holder = { [KEY]?: FleetBus };

/** The process's bus (kept on globalThis: Next's route handlers and instrumentation are separate module graphs). */
export function fleetBus(): FleetBus {
  const g = globalThis as Holder;
  return (g[KEY] ??= new FleetBus());
}

/** Installs the process's bus (at start, with its readiness callback). */
export function setFleetBus(bus: FleetBus): FleetBus {
  (globalThis as Holder)[KEY] = bus;
  return bus;
}
