/**
 * Test fixtures for manifest tests: a minimal manifest that passes the schema and every rule
 * without a template, and helpers to run it through the real loader (schema defaults filled in).
 * Only rich-text blocks are used so the fixture does not depend on blocks still being written.
 */
import path from "node:path";
import { loadManifest, type ManifestLoadResult } from "../../runtime/manifest/load";
import type { DealerManifest } from "../../runtime/generated/types";
import { validateManifest } from "../../runtime/manifest/manifest-validator";
import { CURRENT_SCHEMA_VERSION } from "../../runtime/manifest/migrations";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
export const REPO_MANIFESTS = path.join(REPO_ROOT, "manifests");
export const REPO_PUBLIC = path.join(REPO_ROOT, "public");
/** A file under public/ that exists (used for the logo). */
export const EXISTING_ASSET = "/brands/chery.svg";

/** A new dealer's details as the new-dealer questions take them (runtime/manifest/scaffold.ts): with them a scaffolded draft is valid. */
export const SAMPLE_DEALER_DETAILS = {
  phone: "02 6686 0000",
  email: "sales@coastchery.com.au",
  hosts: ["www.coastchery.com.au"],
  redirectHosts: ["coastchery.com.au"],
  address: { street: "12 River Street", city: "Ballina", state: "nsw", postcode: "2478" },
} as const satisfies Partial<import("../../runtime/manifest/scaffold").ScaffoldInput>;

export function minimalManifest(slug = "test-dealer"): Record<string, any> {
  return {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    slug,
    name: "Test Dealer",
    template: "franchise",
    hosts: [`www.${slug}.com.au`],
    dealerships: [{ id: 1, slug, name: "Test Dealer" }],
    manufacturers: ["Chery"],
    contact: { phones: { sales: "07 3000 1234" }, email: "sales@example.com.au" },
    locations: [
      {
        id: 10,
        name: "Test Dealer Springwood",
        slug: "springwood",
        dealership_id: 1,
        address: { street: "1 Pacific Highway", city: "Springwood", state: "qld", postcode: "4127" },
        contact_detail: { phone: "07 3000 1234" },
      },
    ],
    theme: {
      colors: { primary: "#9b1c1f", primaryContrast: "#ffffff" },
      logo: { src: EXISTING_ASSET, alt: "Test Dealer", width: 200, height: 50 },
    },
    features: { finance: true },
    menus: {
      header: [
        { label: "Home", href: "/" },
        { label: "About", href: "/about-us" },
      ],
    },
    routes: {
      "/": { title: "Home", blocks: [{ type: "rich-text", props: { content: [{ kind: "paragraph", text: "Welcome" }] } }] },
      "/about-us": { title: "About us", blocks: [] },
      "/cars/[slug]": { title: "Car", blocks: [] },
    },
  };
}

/** Runs a manifest object through loadManifest (as if it were the file `file`). */
export function loadObject(
  manifest: unknown,
  file = path.join(REPO_MANIFESTS, "fixture.json"),
  dirs = { manifestsDir: REPO_MANIFESTS, publicDir: REPO_PUBLIC },
): ManifestLoadResult {
  return loadManifest(file, dirs, JSON.stringify(manifest, null, 2));
}

/** The minimal manifest after the loader (defaults filled in); throws when it does not load. */
export function loadedMinimalManifest(edit?: (m: Record<string, any>) => void): DealerManifest {
  const raw = minimalManifest();
  edit?.(raw);
  const result = loadObject(raw);
  if (!result.ok) throw new Error(`fixture does not load:\n${result.problems.map((p) => `${p.pointer} ${p.message}`).join("\n")}`);
  return result.manifest;
}

/**
 * The minimal manifest after `edit`, checked by the schema only (defaults filled in), not by the
 * semantic rules: the way to build a rule's broken variant. Throws on schema errors.
 */
export function schemaValidManifest(edit?: (m: Record<string, any>) => void): DealerManifest {
  const raw = minimalManifest();
  edit?.(raw);
  if (!validateManifest(raw)) throw new Error(`fixture fails the schema:\n${JSON.stringify(validateManifest.errors, null, 2)}`);
  return raw as unknown as DealerManifest;
}

export function ruleContext(manifest: DealerManifest, fileExists: (p: string) => boolean = () => true) {
  return { manifest, publicDir: REPO_PUBLIC, fileExists };
}
