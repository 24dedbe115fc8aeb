"use client";
import type { TemplateUser } from "./UsedBy";

/**
 * The working copy shown on its preview host in a frame, reloaded after each accepted change
 * (`reloadKey`); a draft's saved version is linked beside it; a template is shown on its first user.
 */
export function PreviewPane({
  route,
  previewPath,
  previewBase,
  reloadKey,
  ownPreview,
  usedBy,
}: {
  route: string;
  /** The address shown, or null for a pattern page without a sample. */
  previewPath: string | null;
  /** The studio's way onto the preview host (/studio/preview/{name}), which grants each load (preview-access.ts). */
  previewBase: string;
  reloadKey: number;
  ownPreview?: string;
  usedBy?: TemplateUser[];
}) {
  return (
    <section className="studio-preview" aria-labelledby="preview-heading">
      <h2 id="preview-heading">Preview of {route}</h2>
      {usedBy ? (
        <p className="studio-help">
          {usedBy[0]
            ? `Shown on ${usedBy[0].name} with this template as edited (not saved yet).`
            : "No dealer uses this template yet, so there is nothing to preview."}
        </p>
      ) : null}
      {ownPreview ? (
        <p className="studio-help">
          This frame shows your changes; the draft as saved is at{" "}
          <a href={`${ownPreview}${route.includes("[") ? "/" : route}`} target="_blank" rel="noreferrer">
            its own preview
          </a>
          .
        </p>
      ) : null}
      {usedBy && !usedBy.length ? null : previewPath === null ? (
        <p>This page takes a value from its address ({route}); open one such page on the site to see it.</p>
      ) : (
        <iframe key={reloadKey} title={`Preview of ${route}`} src={`${previewBase}${previewPath}`} />
      )}
    </section>
  );
}
