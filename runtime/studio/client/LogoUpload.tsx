"use client";
import { useId, useState } from "react";
import type { Change } from "../editor-changes";
import { getAt, setAt } from "../ops";

export interface UploadedLogo {
  src: string;
  width: number;
  height: number;
  display: { width: number; height: number };
  warnings: string[];
}

/** What an uploaded picture is for (the server's `?use=`): the header's logo or the browser tab's favicon. */
export type PictureUse = "logo" | "favicon";

/** Each use's words: its heading, its field, what it takes, the file types offered, and what a successful upload says. */
const WORDS: Record<PictureUse, { heading: string; label: string; help: string; accept: string; done: (file: string, p: UploadedLogo) => string }> = {
  logo: {
    heading: "Logo picture",
    label: "Upload a logo picture",
    help: "PNG, SVG, JPEG or WebP, at most 1 MB. It is drawn about 48 pixels tall in the header.",
    accept: "image/png,image/svg+xml,image/jpeg,image/webp",
    done: (file, p) =>
      `Uploaded ${file} (${p.width}×${p.height}); the header draws it at ${p.display.width}×${p.display.height}.${p.warnings.length ? ` ${p.warnings.join(" ")}` : ""}`,
  },
  favicon: {
    heading: "Favicon",
    label: "Upload a favicon",
    help: "A square PNG, SVG or ICO, at least 48×48 pixels, at most 1 MB. Browser tabs, bookmarks and home-screen shortcuts show it.",
    accept: "image/png,image/svg+xml,image/x-icon,image/vnd.microsoft.icon,.ico",
    done: (file, p) => `Uploaded ${file} (${p.width}×${p.height}); it is the site's favicon.`,
  },
};

/**
 * A picture for the logo or the favicon: choose a file; the server checks it for its use, stores
 * it with the dealer's pictures (a draft's too) and answers with its address (and, for a logo, the
 * size to draw it at in the header), which `onUse` puts in the theme as one change, saved as every
 * other change of the editor is; `onStored` adds it to the picture list at once. Before scripts run
 * (or without them) the same field is a plain multipart form: the server stores the picture and
 * sends the editor back, where it is in the picture list and `note` says what happened.
 */
export function LogoUpload({
  basePath,
  onUse,
  onStored,
  note = "",
  use = "logo",
}: {
  basePath: string;
  onUse: (logo: UploadedLogo) => Promise<boolean>;
  onStored?: (picture: { path: string; name: string }) => void;
  note?: string;
  use?: PictureUse;
}) {
  const id = useId();
  const words = WORDS[use];
  const action = `${basePath}/upload${use === "logo" ? "" : `?use=${use}`}`;
  const [message, setMessage] = useState(note);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File, input: HTMLInputElement) => {
    setBusy(true);
    setMessage("Uploading…");
    try {
      const res = await fetch(action, { method: "POST", headers: { "content-type": file.type || "application/octet-stream" }, body: file });
      const body = (await res.json()) as ({ ok: true } & UploadedLogo) | { ok: false; message: string };
      if (!body.ok) {
        setMessage(`Not uploaded: ${body.message}`);
        return;
      }
      onStored?.({ path: body.src, name: body.src.split("/").pop() ?? file.name });
      const used = await onUse(body);
      setMessage(used ? words.done(file.name, body) : `Uploaded, but the ${use} could not be changed: see the problems above.`);
    } catch {
      setMessage("Not uploaded: the studio could not be reached.");
    } finally {
      setBusy(false);
      input.value = "";
    }
  };
  return (
    <section aria-labelledby={`${id}-h`} className="studio-form studio-upload">
      <h2 id={`${id}-h`}>{words.heading}</h2>
      <p className="studio-help" id={`${id}-help`}>
        {words.help}
      </p>
      <form
        method="post"
        action={action}
        encType="multipart/form-data"
        onSubmit={(e) => {
          e.preventDefault();
          const input = e.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
          const file = input?.files?.[0];
          if (input && file) void upload(file, input);
          else setMessage("Not uploaded: choose a picture file first.");
        }}
      >
        <label htmlFor={`${id}-file`}>{words.label}</label>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          accept={words.accept}
          aria-describedby={`${id}-help ${id}-msg`}
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file, e.target);
          }}
        />
        <button type="submit" disabled={busy}>
          Upload
        </button>
      </form>
      <p id={`${id}-msg`} aria-live="polite" className="studio-upload-status">
        {message}
      </p>
    </section>
  );
}

/** The theme's logo as the uploaded picture at its proposed size, its text kept as the picture's alternative text. */
export function logoChange(value: unknown, slug: string, logo: UploadedLogo): Change {
  const before = (getAt(value, ["theme", "logo"]) ?? {}) as { alt?: string; text?: string };
  const name = getAt(value, ["name"]);
  const alt = before.alt ?? before.text ?? (typeof name === "string" ? name : slug);
  return {
    next: setAt(value, ["theme", "logo"], { src: logo.src, alt, width: logo.display.width, height: logo.display.height }),
    what: "Logo picture uploaded",
    pointer: "/theme/logo",
  };
}

/** The theme's favicon as the uploaded picture. */
export function faviconChange(value: unknown, favicon: UploadedLogo): Change {
  return { next: setAt(value, ["theme", "favicon"], favicon.src), what: "Favicon uploaded", pointer: "/theme/favicon" };
}

/**
 * The theme's picture uploads, the logo's and the favicon's, shown with the theme's form for a live
 * dealer and a draft alike. A plain-form upload's note (the server's words) goes under the one it was for.
 */
export function PictureUploads(p: {
  basePath: string;
  slug: string;
  value: unknown;
  apply: (change: Change) => Promise<boolean>;
  onStored?: (picture: { path: string; name: string }) => void;
  note?: string;
}) {
  const forFavicon = p.note?.includes("favicon") ?? false;
  return (
    <>
      <LogoUpload basePath={p.basePath} onUse={(logo) => p.apply(logoChange(p.value, p.slug, logo))} onStored={p.onStored} note={forFavicon ? "" : p.note} />
      <LogoUpload
        use="favicon"
        basePath={p.basePath}
        onUse={(icon) => p.apply(faviconChange(p.value, icon))}
        onStored={p.onStored}
        note={forFavicon ? p.note : ""}
      />
    </>
  );
}
