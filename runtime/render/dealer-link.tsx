import { Link } from "@/runtime/ui/link";
import type { ReactNode } from "react";
import { safeHref } from "@/runtime/safe-href";

/**
 * A link from dealer data: the href goes through safeHref (javascript:, data: and //host are
 * dropped, leaving the children unlinked); site paths use next/link, anything else a plain <a>.
 */
export function DealerLink({ href, className, children }: { href: string | undefined; className?: string; children: ReactNode }) {
  const safe = safeHref(href);
  if (!safe) return <>{children}</>;
  if (safe.startsWith("/")) {
    return (
      <Link href={safe} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={safe} className={className} rel={/^https?:/i.test(safe) ? "noopener noreferrer" : undefined}>
      {children}
    </a>
  );
}
