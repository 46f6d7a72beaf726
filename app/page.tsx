// Rendered per request so that its scripts carry the CSP nonce of proxy.ts.
export const dynamic = "force-dynamic";

export default function Home() {
  return (
    <main style={{ maxWidth: 720, margin: "3rem auto", padding: "0 1rem" }}>
      <h1>Sealpost</h1>
      <p>Governed document dispatch. The API is described in the README.</p>
    </main>
  );
}
