import type { RecordDetails } from "@/lib/batch/record-details";
import styles from "../console.module.css";

/**
 * A record's main fields by label and its recipients, in a table cell of the New batch page and a
 * batch's page; `to` is the recipients' label in the page's language.
 */
export function RecordDetailsList({ details, to }: { details: RecordDetails; to: string }) {
  return (
    <ul className={styles.plainList}>
      {details.fields.map((d) => (
        <li key={d.label}>
          <span className={styles.secondary}>{d.label}:</span> {d.value}
        </li>
      ))}
      {details.recipients.length > 0 && (
        <li>
          <span className={styles.secondary}>{to}</span> {details.recipients.join("; ")}
        </li>
      )}
    </ul>
  );
}
