"use client";
import { useEffect, useState } from "react";
import type { HistoryEntry } from "../publish";

const when = (iso: string) => new Date(iso).toLocaleString("en-AU", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });

/**
 * Every published version of the dealer, newest first: who published it, when, from where, the
 * note, and what changed from the one before. Any earlier version is restored in one step after
 * a confirmation (a new version with its text, validated again); the editor then reloads on what
 * is live. The manifest's audit trail.
 */
export function HistoryPanel({ basePath, refreshKey, onRestored }: { basePath: string; refreshKey: number; onRestored: (message: string) => void }) {
  const [versions, setVersions] = useState<HistoryEntry[] | null>(null);
  const [message, setMessage] = useState("");
  const [asking, setAsking] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const [reads, setReads] = useState(0);

  useEffect(() => {
    let current = true;
    fetch(`${basePath}/history`, { method: "POST" })
      .then((res) => res.json() as Promise<{ ok: boolean; versions?: HistoryEntry[]; message?: string }>)
      .then((body) => {
        if (!current) return;
        if (body.ok && body.versions) setVersions(body.versions);
        else setMessage(body.message ?? "The history could not be read.");
      })
      .catch(() => current && setMessage("The history could not be read: the studio could not be reached."));
    return () => {
      current = false;
    };
  }, [basePath, refreshKey, reads]);

  const restore = async (id: number) => {
    setBusy(true);
    try {
      const res = await fetch(`${basePath}/rollback`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id }) });
      const body = (await res.json()) as { ok: boolean; message?: string };
      setAsking(null);
      setMessage(body.message ?? (body.ok ? "Restored." : "Not restored."));
      if (body.ok) onRestored(body.message ?? "Restored.");
      setReads((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="history-heading" className="studio-history">
      <h2 id="history-heading">Published versions</h2>
      <p className="studio-help">Every version that went live, with who published it and what changed. Restoring one publishes it again as a new version.</p>
      <p aria-live="polite" className="studio-history-status">
        {message}
      </p>
      {versions === null ? (
        <p>Loading the history…</p>
      ) : versions.length === 0 ? (
        <p>Nothing published yet.</p>
      ) : (
        <ol className="studio-versions">
          {versions.map((v) => (
            <li key={v.id}>
              <h3>
                Version {v.id}
                {v.live ? " (live now)" : ""}
              </h3>
              <p>
                {v.withdrawn ? "Withdrawn" : "Published"} by {v.publishedBy} on {when(v.publishedAt)}, from {v.sourceWords}
                {v.restores ? ` (restoring version ${v.restores})` : ""}.
              </p>
              {v.note ? <p className="studio-note">Note: {v.note}</p> : null}
              {v.changes.length ? (
                <ul className="studio-changes" aria-label={`What changed in version ${v.id}`}>
                  {v.changes.map((c, i) => (
                    <li key={i}>{c}</li>
                  ))}
                </ul>
              ) : (
                <p>No changes to the manifest.</p>
              )}
              {!v.live && !v.withdrawn ? (
                asking === v.id ? (
                  <div role="group" aria-label={`Restore version ${v.id}?`} className="studio-confirm">
                    <p>Restore version {v.id}? The live site shows it within seconds; the version live now stays in this history.</p>
                    <button type="button" disabled={busy} onClick={() => void restore(v.id)} autoFocus>
                      Yes, restore version {v.id}
                    </button>
                    <button type="button" onClick={() => setAsking(null)}>
                      Cancel
                    </button>
                  </div>
                ) : (
                  <button type="button" onClick={() => setAsking(v.id)}>
                    Restore version {v.id}…
                  </button>
                )
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
