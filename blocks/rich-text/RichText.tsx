import type { ResolvedRichTextProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { renderInline } from "./inline";
import styles from "./rich-text.module.css";

export function RichText({ props }: BlockComponentProps<ResolvedRichTextProps>) {
  const Heading = `h${props.headingLevel}` as "h1" | "h2" | "h3";
  return (
    <section className={`${styles.section} ${props.width === "wide" ? styles.wide : ""}`}>
      {props.heading ? <Heading>{props.heading}</Heading> : null}
      {props.content.map((piece, i) => {
        if (piece.kind === "heading") return <h3 key={i}>{renderInline(piece.text ?? "")}</h3>;
        if (piece.kind === "list")
          return (
            <ul key={i}>
              {(piece.items ?? []).map((item, j) => (
                <li key={j}>{renderInline(item)}</li>
              ))}
            </ul>
          );
        return <p key={i}>{renderInline(piece.text ?? "")}</p>;
      })}
    </section>
  );
}
