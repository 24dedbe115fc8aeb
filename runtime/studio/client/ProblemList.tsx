"use client";
import { placeOf, plainMessage } from "../messages";
import type { EditorProblem } from "../editor-state";

/** The platform's reasons for the last refusal, each with its place in the file. */
export function ProblemList({ problems }: { problems: EditorProblem[] }) {
  if (!problems.length) return null;
  return (
    <section className="studio-problems" aria-label="Problems">
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            {p.dealer ? <strong>{p.dealer}: </strong> : null}
            {plainMessage(p)}{" "}
            <span className="studio-at">
              (at {placeOf(p.pointer)}; {p.dealer && p.file ? `${p.file}, ` : ""}line {p.line}, column {p.column})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
