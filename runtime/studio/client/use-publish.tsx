"use client";
/**
 * Publishing a dealer from the editor: the edit goes to {basePath}/save with the live version it
 * started from and the note, and the answer is taken as a save's (the editor's text becomes what
 * is live). Also the parts a dealer's editor has that a draft's or template's has not
 * (useDealerTools); the picture uploads a draft has too are LogoUpload.tsx's.
 */
import { useCallback, useState, type Dispatch, type ReactNode } from "react";
import { saveBlocker, valueOf, type EditorAction, type EditorState, type SavedWords, type ServerAnswer } from "../editor-state";
import type { Change } from "../editor-changes";
import { PublishButton, PublishForm } from "./PublishButton";
import { HistoryPanel } from "./HistoryPanel";

export function usePublish(p: {
  basePath: string;
  baseText: string;
  value: unknown;
  liveId: number | null;
  dispatch: Dispatch<EditorAction>;
  fileName: string;
  savedWords: SavedWords;
  /** Why the working copy cannot be published yet (saveBlocker), or null. */
  blocked: string | null;
}) {
  const { basePath, baseText, value, dispatch, fileName, savedWords, blocked } = p;
  const [liveId, setLiveId] = useState(p.liveId);
  const [historyKey, setHistoryKey] = useState(0);
  // The note lives here, not in one form: the bar's form and the review's show the same note.
  const [note, setNote] = useState("");
  const publish = useCallback(async (): Promise<boolean> => {
    // What is still to fill is said at once, as a draft's save says it, without asking the server.
    if (blocked) {
      dispatch({ type: "status", text: blocked });
      return false;
    }
    dispatch({ type: "busy", busy: true });
    try {
      const res = await fetch(`${basePath}/save`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ baseText, value, liveId, ...(note.trim() ? { note: note.trim() } : {}) }),
      });
      const answer = (await res.json()) as ServerAnswer & { version?: number };
      // "Someone published since" is said in the server's own words.
      dispatch({ type: "save-answer", answer: answer.status === "changed" ? { ...answer, status: "invalid" } : answer, fileName, savedWords });
      if (answer.ok && answer.version) setLiveId(answer.version);
      if (answer.ok) {
        setHistoryKey((k) => k + 1);
        setNote("");
      }
      return !!answer.ok;
    } finally {
      dispatch({ type: "busy", busy: false });
    }
  }, [basePath, baseText, value, liveId, dispatch, fileName, savedWords, blocked, note]);
  return { publish, historyKey, note, setNote };
}

/**
 * A dealer's editor's own parts: the Publish button (in the bar, for "Review and save"), the note
 * and "Publish now" under the review of the changes, and the history of published versions. Null for
 * a draft or a template (no live version: `liveId` undefined).
 */
export function useDealerTools(p: {
  slug: string;
  basePath: string;
  fileName: string;
  liveId?: number | null;
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  apply: (change: Change) => Promise<boolean>;
  savedWords: SavedWords;
}): { publish: (unsaved: boolean) => ReactNode; review: (unsaved: boolean) => ReactNode; history: ReactNode } | null {
  const { basePath, fileName, state, dispatch, savedWords } = p;
  const value = valueOf(state);
  const { publish, historyKey, note, setNote } = usePublish({
    basePath,
    baseText: state.baseText,
    value,
    liveId: p.liveId ?? null,
    dispatch,
    fileName,
    savedWords,
    blocked: saveBlocker(state),
  });
  if (p.liveId === undefined) return null;
  const form = { note, onNote: setNote, busy: state.busy, onPublish: publish };
  return {
    publish: (unsaved) => (
      <PublishButton {...form} unsaved={unsaved} onOpen={() => dispatch({ type: "close-review" })} onReview={() => dispatch({ type: "review", fileName })} />
    ),
    review: (unsaved) => <PublishForm {...form} unsaved={unsaved} />,
    history: <HistoryPanel basePath={basePath} refreshKey={historyKey} onRestored={() => window.location.reload()} />,
  };
}
