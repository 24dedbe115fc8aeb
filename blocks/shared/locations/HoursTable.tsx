import type { ResolvedLocation } from "@/runtime/generated/types";
import { groupOpeningHours, openNow, upcomingHolidays } from "./domain/hours";
import { InvokerFallback } from "./client/InvokerFallback.lazy";
import styles from "./locations.module.css";

/** The opening-hours table (Mon–Fri grouped when identical, today marked), the open-or-closed-now line and the holiday hours dialog. */
export function HoursTable({
  location,
  now,
  idPrefix,
  heading = "Opening hours",
}: {
  location: ResolvedLocation;
  now: Date;
  idPrefix: string;
  heading?: string;
}) {
  const rows = groupOpeningHours(location.contact_detail.opening_hours);
  if (!rows.length) return null;
  const status = openNow(location, now);
  const holidays = upcomingHolidays(location, now);
  const dialogId = `${idPrefix}-holiday-hours`;
  return (
    <div data-hours>
      <p className={`${styles.status} ${status.open ? styles.statusOpen : styles.statusClosed}`} data-open-now={status.open ? "open" : "closed"}>
        {status.text}
        {status.holiday?.name ? ` (${status.holiday.name})` : ""}
      </p>
      <table className={styles.hoursTable}>
        <caption className="visually-hidden">{heading}</caption>
        <tbody>
          {rows.map((row) => {
            const today = row.weekdays.includes(status.weekday);
            return (
              <tr key={row.label} className={today ? styles.today : undefined} aria-current={today ? "date" : undefined}>
                <th scope="row">
                  <span aria-hidden="true">{row.label}</span>
                  <span className="visually-hidden">{row.longLabel}</span>
                  {today ? <span className={styles.todayTag}>Today</span> : null}
                </th>
                <td>{row.text}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {holidays.length ? (
        <>
          {/* Invoker commands open the native modal dialog without JavaScript (focus kept inside, Escape closes, focus returns to the button). */}
          <p>
            <button type="button" className={styles.linkButton} {...{ commandfor: dialogId, command: "show-modal" }} aria-haspopup="dialog">
              Holiday hours
            </button>
          </p>
          <dialog id={dialogId} className={styles.dialog} aria-labelledby={`${dialogId}-title`}>
            <div className={styles.dialogHeader}>
              <h2 id={`${dialogId}-title`}>Holiday hours</h2>
              <button type="button" className={styles.closeButton} {...{ commandfor: dialogId, command: "close" }} autoFocus>
                Close
              </button>
            </div>
            <ul className={styles.holidayList}>
              {holidays.map((h) => (
                <li key={h.date}>
                  <span>
                    <strong>{h.name || h.dateLabel}</strong>
                    {h.name ? (
                      <>
                        <br />
                        {h.dateLabel}
                      </>
                    ) : null}
                  </span>
                  <span>{h.text}</span>
                </li>
              ))}
            </ul>
          </dialog>
          <InvokerFallback />
        </>
      ) : null}
    </div>
  );
}
