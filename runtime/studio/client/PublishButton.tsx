"use client";
import { useId, useState, type ReactNode } from "react";

interface PublishFormProps {
  /** The note for the history: held by the editor, so it is the same in the bar and under the review. */
  note: string;
  onNote: (note: string) => void;
  unsaved: boolean;
  busy: boolean;
  /** Publishes the edit with the note; true when it went live. */
  onPublish: () => Promise<boolean>;
  onPublished?: () => void;
  autoFocus?: boolean;
  /** Buttons after "Publish now". */
  children?: ReactNode;
}

/** The note for the history (optional) and "Publish now". */
export function PublishForm({ note, onNote, unsaved, busy, onPublish, onPublished, autoFocus, children }: PublishFormProps) {
  const [sending, setSending] = useState(false);
  const id = useId();
  return (
    <form
      className="studio-publish"
      aria-label="Publish"
      onSubmit={async (e) => {
        e.preventDefault();
        setSending(true);
        try {
          if (await onPublish()) onPublished?.();
        } finally {
          setSending(false);
        }
      }}
    >
      <label htmlFor={`${id}-note`}>Note for the history (optional)</label>
      <input id={`${id}-note`} value={note} maxLength={500} onChange={(e) => onNote(e.target.value)} autoFocus={autoFocus} />
      <button type="submit" disabled={sending || busy || !unsaved}>
        Publish now
      </button>
      {children}
    </form>
  );
}

/**
 * A dealer's one way live: "Publish…" opens a note for the history (optional) and "Publish now",
 * which publishes the edit as a new version after the platform's validation (publish.ts). Shown
 * instead of "Review and save" for a dealer. "Review changes" shows the diff with the same note and
 * "Publish now" under it (the editor's ReviewPanel), so reviewing first loses nothing.
 */
export function PublishButton({
  onOpen,
  onReview,
  ...form
}: Omit<PublishFormProps, "onPublished" | "autoFocus" | "children"> & {
  /** The publish form takes over from an open review: one note field and one "Publish now" at a time. */
  onOpen: () => void;
  onReview: () => void;
}) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <button
        type="button"
        onClick={() => {
          onOpen();
          setOpen(true);
        }}
        disabled={!form.unsaved || form.busy}
        data-focus="publish"
      >
        Publish…
      </button>
    );
  return (
    <PublishForm {...form} onPublished={() => setOpen(false)} autoFocus>
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
    </PublishForm>
  );
}
