"use client";
import { useId, useState } from "react";

/**
 * A dealer's one way live: "Publish…" opens a note for the history (optional) and "Publish now",
 * which publishes the edit as a new version after the platform's validation (publish.ts). Shown
 * instead of "Review and save" for a dealer; the review of the changes stays one step away.
 */
export function PublishButton({
  unsaved,
  busy,
  onReview,
  onPublish,
}: {
  unsaved: boolean;
  busy: boolean;
  onReview: () => void;
  onPublish: (note: string) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  const id = useId();
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)} disabled={!unsaved || busy} data-focus="publish">
        Publish…
      </button>
    );
  return (
    <form
      className="studio-publish"
      aria-label="Publish"
      onSubmit={async (e) => {
        e.preventDefault();
        setSending(true);
        try {
          if (await onPublish(note)) {
            setNote("");
            setOpen(false);
          }
        } finally {
          setSending(false);
        }
      }}
    >
      <label htmlFor={`${id}-note`}>Note for the history (optional)</label>
      <input id={`${id}-note`} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} autoFocus />
      <button type="submit" disabled={sending || busy || !unsaved}>
        Publish now
      </button>
      <button
        type="button"
        onClick={() => {
          setOpen(false);
          onReview();
        }}
      >
        Review changes
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Cancel
      </button>
    </form>
  );
}
