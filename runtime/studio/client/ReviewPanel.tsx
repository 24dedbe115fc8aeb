"use client";
import type { DiffLine } from "../text-edits";

/** The changes to the file as a diff, with Save and Keep editing. */
export function ReviewPanel({ fileName, lines, onSave, onClose }: { fileName: string; lines: DiffLine[]; onSave: () => void; onClose: () => void }) {
  return (
    <section className="studio-review" aria-labelledby="review-heading">
      <h2 id="review-heading">Changes to {fileName}</h2>
      <pre className="studio-diff" tabIndex={0} role="region" aria-label="Differences">
        {lines.map((l, i) => (
          <span key={i} className={`diff-${l.kind}`}>
            {l.kind === "add" ? "+ " : l.kind === "remove" ? "- " : l.kind === "hunk" ? "" : "  "}
            {l.text}
            {"\n"}
          </span>
        ))}
      </pre>
      <button type="button" onClick={onSave}>
        Save to {fileName}
      </button>{" "}
      <button type="button" onClick={onClose}>
        Keep editing
      </button>
    </section>
  );
}
