/**
 * Migration 1 → 2: the vehicle page becomes a block tree like every other page.
 *
 * Version 1 configured the page in two places: `vehiclePage` at the manifest's root (section
 * order, sidebar buttons, default view, video position, phone revealed) and the props of the
 * route's `vehicle-page` block. Version 2 has one place, the route's tree: the `vehicle-page`
 * layout block keeps the props it needs itself and holds the page's parts in its slots, each with
 * the props that were about it:
 *
 *   { "type": "vehicle-page", "props": { breadcrumbs, stickyBar, analyticsSink },
 *     "slots": { "gallery":  [{ "type": "vehicle-viewer",  "props": { defaultView, videoPosition, autoRotate, spinIntervalMs } }],
 *                "sidebar":  [{ "type": "vehicle-sidebar", "props": { buttons, phoneRevealed, twitter, pdfDownload } }],
 *                "sections": [{ "type": "vehicle-<section>", "props": { … } }, … in vehiclePage.sections order] } }
 *
 * A template and the manifests that extend it are migrated file by file, so each file must come
 * out meaning what it meant before once merged. In version 1 `vehiclePage` merged key by key
 * while a route's `blocks` replaced the template's whole, so a manifest that only set
 * `vehiclePage.sections` changed the template's page. The migration is therefore given the
 * template chain it extends, already migrated (`base`): a manifest with its own vehicle-page
 * block gets a tree built from that block's props and the merged settings; a manifest that only
 * had `vehiclePage` gets a copy of the template's route with its settings applied to the
 * template's tree (its sections reordered, its sidebar and viewer props changed).
 *
 * The names below are copied, not imported: a migration describes the format at one moment and
 * must keep doing so when the blocks change later (and runtime/ never imports blocks/).
 */
import type { MigrationContext } from "./index";

type Json = Record<string, unknown>;

/** Version 1's section order when a manifest gave none (blocks/vehicle-page/content.ts at the time). */
export const V1_DEFAULT_SECTIONS = ["key-information", "dealer-comments", "finance-calculator", "features", "all-specifications", "similar-cars"];

/** Version 1's vehiclePage settings. */
const SETTINGS = ["sections", "sidebarButtons", "defaultView", "videoPosition", "phoneRevealed"] as const;
type Settings = Partial<Record<(typeof SETTINGS)[number], unknown>>;

/** Where each prop of a version 1 vehicle-page block goes: [block type, prop name there]. */
const PROP_HOMES: Record<string, [string, string]> = {
  breadcrumbs: ["vehicle-page", "breadcrumbs"],
  stickyBar: ["vehicle-page", "stickyBar"],
  analyticsSink: ["vehicle-page", "analyticsSink"],
  autoRotate: ["vehicle-viewer", "autoRotate"],
  spinIntervalMs: ["vehicle-viewer", "spinIntervalMs"],
  twitter: ["vehicle-sidebar", "twitter"],
  pdfDownload: ["vehicle-sidebar", "pdfDownload"],
  featuresLimit: ["vehicle-features", "limit"],
  reserveDeposit: ["vehicle-reserve-online", "deposit"],
  deliveryTable: ["vehicle-delivery-calculator", "regions"],
  whyBuyFromUs: ["vehicle-why-buy-from-us", "items"],
  whatsIncluded: ["vehicle-whats-included", "items"],
  protectYourCar: ["vehicle-protect-your-car", "items"],
  usedCarChecks: ["vehicle-used-car-checks", "items"],
};

/** Where each vehiclePage setting goes (sections become the `sections` slot). */
const SETTING_HOMES: Record<string, [string, string]> = {
  sidebarButtons: ["vehicle-sidebar", "buttons"],
  phoneRevealed: ["vehicle-sidebar", "phoneRevealed"],
  defaultView: ["vehicle-viewer", "defaultView"],
  videoPosition: ["vehicle-viewer", "videoPosition"],
};

/** A version 1 section name as a block type: 'features' → 'vehicle-features' (an unknown name stays recognisable for the schema's suggestion). */
const sectionType = (section: unknown) => `vehicle-${String(section)}`;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const clone = <T>(v: T): T => structuredClone(v);

export function migrateVehiclePageToBlocks(manifest: Json, context: MigrationContext = {}): Json {
  const out = clone(manifest);
  const own = out.vehiclePage;
  delete out.vehiclePage;
  const base = context.base;
  const routes = isObject(out.routes) ? out.routes : undefined;

  // The manifest's own vehicle-page blocks: built from their props and the merged settings.
  const ownPatterns = new Set<string>();
  for (const [pattern, route] of Object.entries(routes ?? {})) {
    if (!isObject(route) || !Array.isArray(route.blocks)) continue;
    route.blocks = mapVehiclePages(route.blocks, (node) => {
      ownPatterns.add(pattern);
      return buildTree(node, mergedSettings(baseSettings(base, pattern), own));
    });
  }

  // Settings that changed a template's vehicle page: the template's route, with them applied.
  if (own !== undefined && base && isObject(base.routes)) {
    for (const [pattern, baseRoute] of Object.entries(base.routes)) {
      if (ownPatterns.has(pattern) || !isObject(baseRoute) || !Array.isArray(baseRoute.blocks)) continue;
      const mine = routes?.[pattern];
      if (mine === null || (isObject(mine) && "blocks" in mine)) continue; // removed, or replaced by the manifest's own blocks
      let touched = false;
      const blocks = mapVehiclePages(baseRoute.blocks, (node) => {
        touched = true;
        return applySettings(node, own);
      });
      if (!touched || JSON.stringify(blocks) === JSON.stringify(baseRoute.blocks)) continue;
      const target = (out.routes = isObject(out.routes) ? out.routes : {}) as Json;
      target[pattern] = { ...(isObject(mine) ? mine : {}), blocks };
    }
  }
  return out;
}

/** Replaces every vehicle-page block in a tree (slots included) with `replace(node)`. */
function mapVehiclePages(nodes: unknown[], replace: (node: Json) => Json): unknown[] {
  return nodes.map((n) => {
    if (!isObject(n)) return n;
    if (n.type === "vehicle-page") return replace(n);
    if (!isObject(n.slots)) return n;
    const slots: Json = {};
    for (const [name, children] of Object.entries(n.slots)) slots[name] = Array.isArray(children) ? mapVehiclePages(children, replace) : children;
    return { ...n, slots };
  });
}

/** Version 1's settings as the base's (already migrated) vehicle page at this pattern, or its first one, expresses them. */
function baseSettings(base: Json | undefined, pattern: string): Settings {
  if (!base || !isObject(base.routes)) return {};
  const trees: Json[] = [];
  const collect = (nodes: unknown[]) => {
    for (const n of nodes) {
      if (!isObject(n)) continue;
      if (n.type === "vehicle-page") trees.push(n);
      else if (isObject(n.slots)) for (const c of Object.values(n.slots)) if (Array.isArray(c)) collect(c);
    }
  };
  const here = base.routes[pattern];
  if (isObject(here) && Array.isArray(here.blocks)) collect(here.blocks);
  if (!trees.length) for (const r of Object.values(base.routes)) if (isObject(r) && Array.isArray(r.blocks)) collect(r.blocks);
  const tree = trees[0];
  if (!tree || !isObject(tree.slots)) return {};
  const settings: Settings = {};
  const sections = tree.slots.sections;
  if (Array.isArray(sections))
    settings.sections = sections
      .filter((s): s is Json => isObject(s) && typeof s.type === "string" && s.type.startsWith("vehicle-"))
      .map((s) => (s.type as string).slice("vehicle-".length));
  for (const [setting, [type, prop]] of Object.entries(SETTING_HOMES)) {
    const holder = firstOfType(tree.slots, type);
    if (holder && isObject(holder.props) && prop in holder.props) settings[setting as keyof Settings] = clone(holder.props[prop]);
  }
  return settings;
}

/** Version 1's merge of vehiclePage: key by key, `null` removing a key, `null` for the whole object removing it all. */
function mergedSettings(base: Settings, own: unknown): Settings {
  if (own === null) return {};
  const out: Settings = { ...base };
  if (isObject(own))
    for (const key of SETTINGS) {
      if (!(key in own)) continue;
      if (own[key] === null) delete out[key];
      else out[key] = clone(own[key]);
    }
  // Anything else vehiclePage held was refused by version 1's schema; keep it where the new schema reports it.
  return out;
}

function firstOfType(slots: Json, type: string): Json | undefined {
  for (const children of Object.values(slots)) if (Array.isArray(children)) for (const c of children) if (isObject(c) && c.type === type) return c;
  return undefined;
}

/** A version 1 vehicle-page block (its props) and the merged settings as the version 2 tree. */
function buildTree(node: Json, settings: Settings): Json {
  const props: Record<string, Json> = { "vehicle-page": {}, "vehicle-viewer": {}, "vehicle-sidebar": {} };
  const propsOf = (type: string) => (props[type] ??= {});
  for (const [key, value] of Object.entries(isObject(node.props) ? node.props : {})) {
    const [type, prop] = PROP_HOMES[key] ?? ["vehicle-page", key]; // unknown: kept on the layout, where the schema reports it
    propsOf(type)[prop] = clone(value);
  }
  for (const [setting, [type, prop]] of Object.entries(SETTING_HOMES))
    if (settings[setting as keyof Settings] !== undefined) propsOf(type)[prop] = clone(settings[setting as keyof Settings]);
  const sections = Array.isArray(settings.sections) ? settings.sections : V1_DEFAULT_SECTIONS;
  const { props: _old, slots: oldSlots, ...rest } = node;
  return {
    ...rest,
    props: props["vehicle-page"],
    slots: {
      ...(isObject(oldSlots) ? clone(oldSlots) : {}),
      gallery: [{ type: "vehicle-viewer", props: props["vehicle-viewer"] }],
      sidebar: [{ type: "vehicle-sidebar", props: props["vehicle-sidebar"] }],
      // Every block gets a props object, so the schema fills in its defaults when the manifest is loaded.
      sections: sections.map((s) => ({ type: sectionType(s), props: clone(props[sectionType(s)] ?? {}) })),
    },
  };
}

/** A template's (already migrated) vehicle page with a manifest's version 1 settings applied: what merging them did in version 1. */
function applySettings(node: Json, own: unknown): Json {
  const settings: Record<string, unknown> = own === null ? Object.fromEntries(SETTINGS.map((k) => [k, null])) : isObject(own) ? own : {};
  const out = clone(node);
  const slots = (out.slots = isObject(out.slots) ? out.slots : {}) as Json;
  if ("sections" in settings) {
    const existing = Array.isArray(slots.sections) ? (slots.sections as unknown[]) : [];
    const wanted = Array.isArray(settings.sections) ? settings.sections : V1_DEFAULT_SECTIONS;
    const used = new Set<number>();
    const sections = wanted.map((s) => {
      const i = existing.findIndex((n, at) => !used.has(at) && isObject(n) && n.type === sectionType(s));
      if (i < 0) return { type: sectionType(s), props: {} };
      used.add(i);
      return existing[i];
    });
    // Blocks that are not version 1 sections (only a version 2 template can hold them) stay, after the sections.
    const others = existing.filter((n, at) => !used.has(at) && !(isObject(n) && typeof n.type === "string" && n.type.startsWith("vehicle-")));
    slots.sections = [...sections, ...others];
  }
  for (const [setting, [type, prop]] of Object.entries(SETTING_HOMES)) {
    if (!(setting in settings)) continue;
    const holder = firstOfType(slots, type);
    if (!holder) continue;
    const p = (holder.props = isObject(holder.props) ? holder.props : {}) as Json;
    if (settings[setting] === null) delete p[prop];
    else p[prop] = clone(settings[setting]);
  }
  return out;
}
