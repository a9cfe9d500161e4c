export function Start() {
  return (
    <section>
      <h1>Feinthold</h1>
      <p>Start a house game.</p>
    </section>
  );
}
