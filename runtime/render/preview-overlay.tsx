import "server-only";
import type { ReactNode } from "react";
import { draftPreview } from "../manifest/preview";
import { formatProblem, pathToPointer, type ManifestProblem } from "../manifest/problems";

/** What a preview page knows while rendering its blocks: the draft's diagnostics, to mark the blocks they concern. */
export interface PreviewContext {
  name: string;
  file: string;
  errors: ManifestProblem[];
  warnings: ManifestProblem[];
}

export function previewContext(name: string | undefined): PreviewContext | undefined {
  if (!name) return undefined;
  const d = draftPreview(name)?.diagnostics;
  // A studio working copy's go-live check is the studio's own list; a draft's shows here.
  return d ? { name, file: d.file, errors: d.errors, warnings: name.startsWith("studio-") ? d.warnings : [...d.warnings, ...d.goLive] } : undefined;
}

/** The manifest pointer of a rendered block from its render key ("page.0.slots.sections.2") and the route pattern. */
export function blockPointer(key: string, pattern: string | null): string {
  const [root, ...rest] = key.split(".");
  const base = root === "header" || root === "footer" ? `/layout/${root}` : pattern ? `/routes${pathToPointer([pattern])}/blocks` : "/routes";
  let out = base;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === "slots") out += `/slots${pathToPointer([rest[++i]])}`;
    else out += `/${rest[i]}`;
  }
  return out;
}

/** The problems that concern one block itself (its type, flag or props; not the blocks in its slots). */
export function problemsOfBlock(preview: PreviewContext, pointer: string): ManifestProblem[] {
  const own = (p: ManifestProblem) =>
    p.pointer === pointer || p.pointer.startsWith(`${pointer}/props`) || p.pointer === `${pointer}/type` || p.pointer === `${pointer}/flag`;
  return [...preview.errors, ...preview.warnings].filter(own);
}

export const markId = (pointer: string) => `preview-mark${pointer.replace(/[^A-Za-z0-9]+/g, "-")}`;

const at = (p: ManifestProblem) => `${p.file}:${p.line}:${p.column}`;

/** A visible note where a block failed, was skipped or has a warning, on a preview page only. */
export function PreviewMark({
  kind,
  type,
  pointer,
  text,
  problems = [],
}: {
  kind: "failed" | "skipped" | "warning";
  type: string;
  pointer: string;
  text: string;
  problems?: ManifestProblem[];
}): ReactNode {
  return (
    // A labelled region (a landmark): marks also sit between the header's and footer's blocks, outside <main>.
    <section
      className="preview-mark"
      data-preview-mark={kind}
      data-block-type={type}
      id={markId(pointer)}
      aria-label={`Preview note: ${type} block at ${pointer}`}
    >
      <strong>
        {kind === "failed" ? "Block failed" : kind === "skipped" ? "Block skipped" : "Block warning"}: {type}
      </strong>{" "}
      {text}
      {problems.length ? (
        <ul>
          {problems.map((p, i) => (
            <li key={i}>
              <code>{at(p)}</code> {p.message}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * The preview's overlay at the end of every previewed page: the draft's problems and warnings with
 * file:line:column, linking to the block they concern when it is on this page. No client JavaScript:
 * a <details> opens and closes it.
 */
export function PreviewOverlay({ name }: { name: string }): ReactNode {
  const preview = previewContext(name);
  if (!preview) return null;
  const all = [...preview.errors.map((p) => ({ p, kind: "problem" })), ...preview.warnings.map((p) => ({ p, kind: "warning" }))];
  return (
    <aside className="preview-overlay" aria-label="Draft preview diagnostics" data-preview-overlay={name}>
      <style>{PREVIEW_CSS}</style>
      <details open={all.length > 0}>
        <summary>
          Draft preview: {preview.file}: {count(preview.errors.length, "problem")}, {count(preview.warnings.length, "warning")}
        </summary>
        <div className="preview-overlay-body" tabIndex={0}>
          {all.length === 0 ? <p>Nothing to fix. Publish by moving the file into manifests/.</p> : null}
          <ul>
            {all.map(({ p, kind }, i) => (
              <li key={i} data-preview-problem={kind}>
                <span className="preview-kind">{kind}</span> <code>{formatProblem(p)}</code>{" "}
                {p.pointer.includes("/blocks/") ? <a href={`#${markId(blockOf(p.pointer))}`}>Show the block</a> : null}
              </li>
            ))}
          </ul>
          <p>Marks on the page show where a block failed, was skipped or has a warning.</p>
        </div>
      </details>
    </aside>
  );
}

/** The pointer of the innermost block a pointer is in: everything before its last /props, /type or /flag. */
function blockOf(pointer: string): string {
  const m = /^(.*\/blocks\/\d+(?:\/slots\/[^/]+\/\d+)*)(?:\/(?:props|type|flag)(?:\/.*)?)?$/.exec(pointer);
  return m ? m[1] : pointer;
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

// Plain CSS inside the overlay: it is only ever on a preview page, so it stays out of every live page's stylesheet.
const PREVIEW_CSS = `
.preview-overlay{position:fixed;right:0;bottom:0;z-index:1000;max-width:min(48rem,100vw);background:#1a1c20;color:#ffffff;font:14px/1.45 system-ui,sans-serif;border-top-left-radius:8px;box-shadow:0 0 0 2px #ffd479}
.preview-overlay summary{cursor:pointer;padding:.6rem 1rem;min-height:24px;font-weight:600}
.preview-overlay-body{max-height:40vh;overflow:auto;padding:0 1rem .75rem}
.preview-overlay code{white-space:pre-wrap;word-break:break-word;color:#ffffff}
.preview-overlay a{color:#9cd1ff}
.preview-overlay .preview-kind{display:inline-block;min-width:4.5rem;color:#ffd479;text-transform:uppercase;font-size:12px}
.preview-mark{margin:.5rem;padding:.5rem .75rem;border:2px dashed #8a5a00;background:#fff6dc;color:#3d2800;font:14px/1.45 system-ui,sans-serif}
.preview-mark[data-preview-mark=failed]{border-color:#b3261e;background:#fde7e7;color:#5c0f0b}
.preview-mark[data-preview-mark=skipped]{border-color:#5a6270;background:#eef0f3;color:#1a1c20}
.preview-mark ul{margin:.25rem 0 0;padding-left:1.25rem}
`;
