import { formatProblem, type ManifestProblem } from "../manifest/problems";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The preview of a draft that cannot be shown yet (it has errors): what is wrong, at which line,
 * in a plain page answered by proxy.ts (no manifest applies, so no theme and no blocks).
 */
export function draftProblemsPage(name: string, file: string, errors: ManifestProblem[], warnings: ManifestProblem[], directoryUrl: string): string {
  const list = (items: ManifestProblem[]) => `<ul>${items.map((p) => `<li><code>${escapeHtml(formatProblem(p))}</code></li>`).join("")}</ul>`;
  return (
    `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>Draft ${escapeHtml(name)}: ${errors.length} problem${errors.length === 1 ? "" : "s"}</title>` +
    `<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:3rem auto;padding:0 1rem;color:#1a1c20}code{white-space:pre-wrap;word-break:break-word}li{margin:.5rem 0}h2{margin-top:2rem}</style></head>` +
    `<body><main id="main"><h1>Draft ${escapeHtml(name)} cannot be previewed yet</h1>` +
    `<p>Fix the problems below in <code>${escapeHtml(file)}</code> and reload this page. Each starts with the file, line and column to go to.</p>` +
    `<h2>Problems (${errors.length})</h2>${list(errors)}` +
    (warnings.length ? `<h2>Warnings (${warnings.length})</h2>${list(warnings)}` : "") +
    `<p><a href="${escapeHtml(directoryUrl)}">All sites and drafts</a></p></main></body></html>`
  );
}
