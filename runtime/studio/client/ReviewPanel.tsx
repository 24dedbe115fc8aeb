"use client";
import type { ReactNode } from "react";
import type { DiffLine } from "../text-edits";

/**
 * The changes to the file as a diff, with Save and Keep editing. A live dealer's edit is published,
 * not saved to a file: `publish` (the note for the history and "Publish now") takes the Save
 * button's place, under a heading that names no file.
 */
export function ReviewPanel({
  fileName,
  lines,
  onSave,
  onClose,
  publish,
}: {
  fileName: string;
  lines: DiffLine[];
  onSave: () => void;
  onClose: () => void;
  publish?: ReactNode;
}) {
  return (
    <section className="studio-review" aria-labelledby="review-heading">
      <h2 id="review-heading">{publish ? "Changes to publish" : `Changes to ${fileName}`}</h2>
      <pre className="studio-diff" tabIndex={0} role="region" aria-label="Differences">
        {lines.map((l, i) => (
          <span key={i} className={`diff-${l.kind}`}>
            {l.kind === "add" ? "+ " : l.kind === "remove" ? "- " : l.kind === "hunk" ? "" : "  "}
            {l.text}
            {"\n"}
          </span>
        ))}
      </pre>
      {publish ?? (
        <button type="button" onClick={onSave}>
          Save to {fileName}
        </button>
      )}{" "}
      <button type="button" onClick={onClose}>
        Keep editing
      </button>
    </section>
  );
}
