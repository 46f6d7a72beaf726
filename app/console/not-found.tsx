import { ConsoleShell } from "./ConsoleShell";

/** An unknown batch or workflow and another organisation's look the same: nothing says which it was. */
export default function ConsoleNotFound() {
  return (
    <ConsoleShell wide={false}>
      <h1>Page not found</h1>
      <p>There is no batch or workflow at this address for your organisation. Check that you copied the whole link from the email.</p>
      <ul>
        <li>
          <a href="/console/batches">Go to your organisation&apos;s batches</a>
        </li>
        <li>
          <a href="/console/workflows">Go to your organisation&apos;s workflows</a>
        </li>
      </ul>
    </ConsoleShell>
  );
}
