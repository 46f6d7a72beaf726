import type { RecordDetails } from "@/lib/batch/record-details";
import styles from "../console.module.css";

/** A record's main fields by label and its recipients, in a table cell of the New batch page and a batch's page. */
export function RecordDetailsList({ details }: { details: RecordDetails }) {
  return (
    <ul className={styles.plainList}>
      {details.fields.map((d) => (
        <li key={d.label}>
          <span className={styles.secondary}>{d.label}:</span> {d.value}
        </li>
      ))}
      {details.recipients.length > 0 && (
        <li>
          <span className={styles.secondary}>To:</span> {details.recipients.join("; ")}
        </li>
      )}
    </ul>
  );
}
