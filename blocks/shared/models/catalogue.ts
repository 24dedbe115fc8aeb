import type { DealerManifest, Model } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";

/** The model pages' path: /models/{slug}. */
export function modelHref(model: Pick<Model, "slug">): string {
  return `/models/${encodeURIComponent(model.slug)}`;
}

/** The manifest's catalogue (none: an empty list). */
export function catalogue(manifest: Pick<DealerManifest, "models">): Model[] {
  return manifest.models ?? [];
}

/**
 * The model a block on /models/[model] is about: its `model` prop when it names one, otherwise the route's `model`
 * parameter. Null for an unknown slug (the page block answers 404).
 */
export function modelForPage(site: Pick<SiteContext, "manifest" | "params">, slug?: string): Model | null {
  const param = site.params.model;
  const wanted = slug || (Array.isArray(param) ? param[0] : param);
  if (!wanted) return null;
  return catalogue(site.manifest).find((m) => m.slug === wanted) ?? null;
}

/** The headline specifications: the first four whose value is not null. */
export function headlineSpecs(model: Pick<Model, "model_specifications">, count = 4): { category: string; value: string }[] {
  const out: { category: string; value: string }[] = [];
  for (const spec of model.model_specifications ?? []) {
    if (spec.value === null || spec.value.trim() === "") continue;
    out.push({ category: spec.category, value: spec.value });
    if (out.length === count) break;
  }
  return out;
}

/** A dollar amount with comma grouping and no decimals. */
export function formatDriveaway(price: number): string {
  return `$${Math.round(price).toLocaleString("en-AU")}`;
}

/** The catalogue as menu links (header Models dropdown, footer Models column), in catalogue order. */
export function modelMenuLinks(manifest: Pick<DealerManifest, "models">): { label: string; href: string }[] {
  return catalogue(manifest).map((m) => ({ label: m.name, href: modelHref(m) }));
}
