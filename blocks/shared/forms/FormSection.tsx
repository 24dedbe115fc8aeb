import type { ReactNode } from "react";
import frame from "./form-section.module.css";

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

/** The schema fields every form block shares for its frame. */
export interface FormBlockFrame {
  heading: string;
  headingLevel?: 2 | 3;
  intro?: string;
}

/**
 * FormSection's props for a form block: the section sits at `anchor` and its heading's id is derived
 * from it, so the block can hand the same id to its form as `labelledBy`.
 */
export function formSectionProps(block: FormBlockFrame, anchor: string) {
  return {
    id: anchor,
    headingId: `${anchor}-heading`,
    heading: block.heading,
    level: block.headingLevel,
    intro: block.intro,
    className: frame.section,
    headingClassName: frame.heading,
    introClassName: frame.intro,
  };
}
