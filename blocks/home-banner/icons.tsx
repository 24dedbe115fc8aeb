import type { ReactNode } from "react";

/** Decorative 24px line icons (hidden from assistive technology: the title says it all). */
const PATHS: Record<string, ReactNode> = {
  tag: (
    <>
      <path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9-9-9Z" />
      <circle cx="7.5" cy="7.5" r="1.5" />
    </>
  ),
  wrench: <path d="M14.7 6.3a4 4 0 0 0-5.4 5.2L3 17.8 6.2 21l6.3-6.3a4 4 0 0 0 5.2-5.4l-2.6 2.6-2.5-.6-.6-2.5 2.6-2.5Z" />,
  car: (
    <>
      <path d="M3 16v-4l2-5h14l2 5v4H3Z" />
      <path d="M3 12h18" />
      <circle cx="7" cy="16.5" r="1.8" />
      <circle cx="17" cy="16.5" r="1.8" />
    </>
  ),
  dollar: (
    <>
      <path d="M12 2v20" />
      <path d="M17 6.5C17 5 15 4 12 4S7 5 7 7.5 9 11 12 11.5s5 1.5 5 4S15 20 12 20s-5-1-5-2.5" />
    </>
  ),
  calendar: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </>
  ),
};

export function BannerIcon({ name, className }: { name: string | undefined; className?: string }) {
  const paths = name ? PATHS[name] : undefined;
  if (!paths) return null;
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths}
    </svg>
  );
}
