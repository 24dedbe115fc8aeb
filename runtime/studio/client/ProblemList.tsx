"use client";
import type { MouseEvent } from "react";
import { placeOf, plainMessage } from "../messages";
import { problemPointerOf, type EditorProblem } from "../editor-state";
import { idOf } from "./fields/field-frame";

/**
 * Takes the keyboard to the field a problem is at: its input, else the nearest field holding it
 * (a missing address goes to the location's group). Folded list items around it are opened.
 */
function goToField(e: MouseEvent<HTMLAnchorElement>, pointer: string) {
  const parts = pointer.split("/");
  for (let n = parts.length; n > 1; n--) {
    const el = document.getElementById(idOf(parts.slice(0, n).join("/")));
    if (!el) continue;
    e.preventDefault();
    for (let d = el.closest("details"); d; d = d.parentElement?.closest("details") ?? null) d.open = true;
    el.focus();
    return;
  }
}

/**
 * What is still to fill or wrong in the working copy, each with its place in words and a link to
 * its field; the preview and saving wait until the list is empty.
 */
export function ProblemList({ problems, current, value }: { problems: EditorProblem[]; current: boolean; value: unknown }) {
  if (!problems.length) return null;
  return (
    <section className="studio-problems" aria-label="Problems">
      <h2>{current ? "Still to fill before the preview and saving" : "Still to fill (as of the last check)"}</h2>
      <ul>
        {problems.map((p, i) => {
          const at = problemPointerOf(p);
          return (
            <li key={i}>
              {p.dealer ? <strong>{p.dealer}: </strong> : null}
              <a href={`#${idOf(at)}`} onClick={(e) => goToField(e, at)}>
                {plainMessage(p)}
              </a>{" "}
              <span className="studio-at">
                (at {placeOf(at, value)}
                {p.dealer && p.file ? `; ${p.file}, line ${p.line}, column ${p.column}` : ""})
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
