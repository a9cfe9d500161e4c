// What my side learnt from the last turn, and my earlier turns.
import { describeOrder } from "./orders";
import type { View } from "./model";

export function Report({ view }: { view: View }) {
  const last = view.history[view.history.length - 1];
  if (!last) return null;
  const r = last.reports;
  const scouted = Object.entries(r.scout);
  const combats = Object.entries(r.combat);
  return (
    <section aria-labelledby="report-title" class="report">
      <h2 id="report-title">Turn {last.turn}'s report</h2>
      <ul data-testid="report">
        <li>Income: {r.income} points</li>
        <li>{scouted.length ? `Scouted: ${scouted.map(([at, n]) => `${at} ${n} enemy`).join(", ")}` : "Nothing scouted"}</li>
        <li>{combats.length ? `Combat: ${combats.map(([at, s]) => `at ${at} enemy strength ${s}`).join(", ")}` : "No combat"}</li>
        <li>{r.prediction === null ? "No prediction" : r.prediction ? "Your prediction was right" : "Your prediction was wrong"}</li>
      </ul>
      <details>
        <summary>My earlier turns</summary>
        <ol>
          {view.history.map((turn) => (
            <li key={turn.turn}>
              Turn {turn.turn}: {turn.orders.length ? turn.orders.map(describeOrder).join("; ") : "no orders (every unit held)"}
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}
