"use client";
import { useId, useState } from "react";

export interface UploadedLogo {
  src: string;
  width: number;
  height: number;
  display: { width: number; height: number };
  warnings: string[];
}

/**
 * The logo as a picture: choose a file (PNG, SVG, JPEG or WebP, at most 1 MB); the server checks
 * it, stores it with the dealer's pictures and proposes the size to draw it at in the header,
 * which `onUse` puts in the theme's logo (src, alt, width, height) as one change, and `onStored`
 * adds it to the picture list at once. Before scripts run (or without them) the same field is a
 * plain multipart form: the server stores the picture and sends the editor back, where it is in the
 * picture list and `note` says what happened.
 */
export function LogoUpload({
  basePath,
  onUse,
  onStored,
  note = "",
}: {
  basePath: string;
  onUse: (logo: UploadedLogo) => Promise<boolean>;
  onStored?: (picture: { path: string; name: string }) => void;
  note?: string;
}) {
  const id = useId();
  const [message, setMessage] = useState(note);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File, input: HTMLInputElement) => {
    setBusy(true);
    setMessage("Uploading…");
    try {
      const res = await fetch(`${basePath}/upload`, { method: "POST", headers: { "content-type": file.type || "application/octet-stream" }, body: file });
      const body = (await res.json()) as ({ ok: true } & UploadedLogo) | { ok: false; message: string };
      if (!body.ok) {
        setMessage(`Not uploaded: ${body.message}`);
        return;
      }
      onStored?.({ path: body.src, name: body.src.split("/").pop() ?? file.name });
      const used = await onUse(body);
      setMessage(
        used
          ? `Uploaded ${file.name} (${body.width}×${body.height}); the header draws it at ${body.display.width}×${body.display.height}.${body.warnings.length ? ` ${body.warnings.join(" ")}` : ""}`
          : "Uploaded, but the logo could not be changed: see the problems above.",
      );
    } catch {
      setMessage("Not uploaded: the studio could not be reached.");
    } finally {
      setBusy(false);
      input.value = "";
    }
  };
  return (
    <section aria-labelledby={`${id}-h`} className="studio-form studio-upload">
      <h2 id={`${id}-h`}>Logo picture</h2>
      <p className="studio-help" id={`${id}-help`}>
        PNG, SVG, JPEG or WebP, at most 1 MB. It is drawn about 48 pixels tall in the header.
      </p>
      <form
        method="post"
        action={`${basePath}/upload`}
        encType="multipart/form-data"
        onSubmit={(e) => {
          e.preventDefault();
          const input = e.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
          const file = input?.files?.[0];
          if (input && file) void upload(file, input);
          else setMessage("Not uploaded: choose a picture file first.");
        }}
      >
        <label htmlFor={`${id}-file`}>Upload a logo picture</label>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          accept="image/png,image/svg+xml,image/jpeg,image/webp"
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
