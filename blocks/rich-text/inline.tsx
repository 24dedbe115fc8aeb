import { Link } from "@/runtime/ui/link";
import type { ReactNode } from "react";
import { safeHref } from "@/runtime/safe-href";

/**
 * The inline subset of rich text: **bold** and [label](href). Everything else is plain text,
 * rendered by React (so escaped). Hand-written rather than a Markdown library because the
 * subset is two tokens and must never produce raw HTML.
 */
export function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/g;
  let last = 0;
  let m: RegExpExecArray | null;
  let i = 0;
  while ((m = pattern.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(<strong key={i++}>{m[1]}</strong>);
    else {
      const href = safeHref(m[3]);
      if (!href) out.push(m[2]);
      else if (href.startsWith("/"))
        out.push(
          <Link key={i++} href={href}>
            {m[2]}
          </Link>,
        );
      else
        out.push(
          <a key={i++} href={href} rel="noopener noreferrer">
            {m[2]}
          </a>,
        );
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
