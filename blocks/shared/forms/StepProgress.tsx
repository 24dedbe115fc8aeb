import styles from "./forms.module.css";

/**
 * A multi-step form's progress: the steps in order, the current one marked for assistive
 * technology (aria-current) and the ones before it shown as done; `sayDone` also says "(completed)"
 * to a screen reader after each done step.
 */
export function StepProgress({ titles, current, sayDone = false }: { titles: readonly string[]; current: number; sayDone?: boolean }) {
  return (
    <ol className={styles.progress} aria-label="Progress">
      {titles.map((title, i) => (
        <li
          key={title}
          className={i === current ? styles.progressCurrent : i < current ? styles.progressDone : undefined}
          aria-current={i === current ? "step" : undefined}
        >
          <span className={styles.progressNumber} aria-hidden="true">
            {i + 1}
          </span>
          {sayDone ? (
            <span>
              {title}
              {i < current ? <span className="visually-hidden"> (completed)</span> : null}
            </span>
          ) : (
            <span>{title}</span>
          )}
        </li>
      ))}
    </ol>
  );
}
