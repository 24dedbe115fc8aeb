import { Link } from "@/runtime/ui/link";
import type { MouseEventHandler, ReactNode } from "react";

/** A link that uses next/link for site paths and a plain <a> otherwise (href already safe). */
export function SiteLink({
  href,
  newTab,
  className,
  onClick,
  children,
}: {
  href: string;
  newTab?: boolean;
  className?: string;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  children: ReactNode;
}) {
  if (href.startsWith("/") && !newTab) {
    return (
      <Link href={href} className={className} onClick={onClick}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={href}
      className={className}
      onClick={onClick}
      {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : href.startsWith("http") ? { rel: "noopener noreferrer" } : {})}
    >
      {children}
      {newTab ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
    </a>
  );
}
