/** What the last phases did: my orders' results and, for a void one, its reason; the summary; the verdicts. */
import type { Played } from "./calls";

export function Results({ played, power }: { played: Played[]; power: string }) {
  if (played.length === 0) return null;
  return (
    <section class="f19-results" aria-labelledby="f19-results-title" data-testid="results">
      <h2 id="f19-results-title">Last results</h2>
      {played.map((phase) => {
        const mine = phase.orders[power] ?? [];
        return (
          <article key={phase.phase}>
            <h3>{phase.phase}</h3>
            <ul>
              {mine.map((order) => {
                const unit = order.split(" ").slice(0, 2).join(" ");
                return (
                  <li key={order}>
                    <code>{order}</code>: {phase.results[unit] ?? "played"}
                    {phase.reasons[unit] && phase.results[unit] !== "moves" ? ` (${phase.reasons[unit]})` : ""}
                  </li>
                );
              })}
            </ul>
            {phase.void.length > 0 && (
              <div class="f19-void" data-testid="void">
                <h4>Void orders</h4>
                <ul>
                  {phase.void.map((v) => (
                    <li key={v.order}>
                      <code>{v.order}</code>: {v.reason}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {phase.convoys.length > 0 && <p>Convoys added: {phase.convoys.join("; ")}</p>}
            {phase.changes.length > 0 && (
              <p>Centres changed: {phase.changes.map((c) => `${c.centre} ${c.from ?? "neutral"} → ${c.to}`).join(", ")}</p>
            )}
            {phase.verdicts.map((v) => (
              <p key={v.agreement} class={`f19-verdict f19-${v.outcome}`}>Agreement {v.kind}: {v.outcome}. {v.text}</p>
            ))}
            {phase.summary.length > 0 && (
              <ul class="f19-summary">
                {phase.summary.map((line, i) => <li key={i}>{line}</li>)}
              </ul>
            )}
          </article>
        );
      })}
    </section>
  );
}
