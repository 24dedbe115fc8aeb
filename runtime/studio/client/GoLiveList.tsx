"use client";
import { placeOf } from "../messages";

/** A problem as the studio holds it, with the go-live check's weight when it is one (runtime/manifest/go-live/). */
interface GoLiveItem {
  pointer: string;
  message: string;
  hint?: string;
  line: number;
  goLive?: "blocking" | "warning";
}

/** The go-live check of the file as edited, updated with every accepted change: what blocks going live first. */
export function GoLiveList({ problems }: { problems: readonly GoLiveItem[] }) {
  const items = problems.filter((p) => p.goLive);
  if (!items.length) return null;
  const blocking = items.filter((p) => p.goLive === "blocking").length;
  // A named region: the list sits above the editor's landmarks, and every part of the page is in one.
  return (
    <section aria-label="Go-live check">
      <details className="studio-go-live" data-go-live={blocking ? "blocking" : "warnings"} open={blocking > 0}>
        <summary>
          Go-live check: {blocking ? `${blocking} blocking, ` : ""}
          {items.length - blocking} warning{items.length - blocking === 1 ? "" : "s"}
        </summary>
        <ul>
          {items.map((p, i) => (
            <li key={i}>
              <strong>{p.goLive === "blocking" ? "Blocks going live" : "Warning"}:</strong> {p.message}
              {p.hint ? `. To fix: ${p.hint}.` : "."}{" "}
              <span className="studio-at">
                (at {placeOf(p.pointer)}; line {p.line})
              </span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
