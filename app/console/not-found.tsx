import { ConsoleShell } from "./ConsoleShell";

/** An unknown batch and another organisation's batch look the same: nothing says which it was. */
export default function ConsoleNotFound() {
  return (
    <ConsoleShell wide={false}>
      <h1>Page not found</h1>
      <p>There is no batch at this address for your organisation. Check that you copied the whole link from the email.</p>
      <p>
        <a href="/console/batches">Go to your organisation&apos;s batches</a>
      </p>
    </ConsoleShell>
  );
}
