import type { ReactNode } from "react";

/** Server-side frame of a form block: a section named by its heading, an optional intro, the client form. */
export function FormSection({
  id,
  headingId,
  heading,
  level = 2,
  intro,
  className,
  headingClassName,
  introClassName,
  children,
}: {
  id?: string;
  headingId: string;
  heading: string;
  level?: 2 | 3;
  intro?: string;
  className?: string;
  headingClassName?: string;
  introClassName?: string;
  children: ReactNode;
}) {
  const H = `h${level}` as "h2" | "h3";
  return (
    <section id={id} className={className} aria-labelledby={headingId}>
      <H id={headingId} className={headingClassName}>
        {heading}
      </H>
      {intro ? <p className={introClassName}>{intro}</p> : null}
      {children}
    </section>
  );
}
