/** The help the rules give in a movement phase: my draft's strength, the threat map, suggested orders. */
import { useState } from "preact/hooks";
import { api, answer, type Schemas } from "../../app/api";
import { ErrorNote } from "../../app/errors";

export interface HelpProps {
  gameId: string;
  phase: string;
  movement: boolean;
  /** the draft as saved (the estimate reads the saved draft) */
  saveDraft: () => Promise<void>;
  onSuggest: (orders: string[]) => void;
  onThreats: (threats: Record<string, number> | null) => void;
  showingThreats: boolean;
}

const path = (gameId: string) => ({ params: { path: { game_id: gameId } } });

export function Help(props: HelpProps) {
  const [estimates, setEstimates] = useState<Schemas["Front1901Estimates"] | null>(null);
  const [suggestions, setSuggestions] = useState<Schemas["Front1901Suggestions"] | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const run = (work: () => Promise<void>) => {
    setError(undefined);
    work().catch(setError);
  };
  if (!props.movement) return <section class="f19-help"><h2>Help</h2><p>Help reads movement phases.</p></section>;
  return (
    <section class="f19-help" aria-labelledby="f19-help-title">
      <h2 id="f19-help-title">Help</h2>
      <div class="f19-buttons">
        <button type="button" onClick={() => run(async () => {
          await props.saveDraft();
          setEstimates(await answer(api.GET("/v1/front1901/games/{game_id}/estimates", path(props.gameId))));
        })}>Estimate my draft</button>
        <button type="button" aria-pressed={props.showingThreats} onClick={() => run(async () => {
          if (props.showingThreats) return props.onThreats(null);
          const got = await answer(api.GET("/v1/front1901/games/{game_id}/threats", path(props.gameId)));
          const map: Record<string, number> = {};
          for (const t of got.threats) map[t.province] = Object.values(t.powers).reduce((a, b) => a + b, 0);
          props.onThreats(map);
        })}>{props.showingThreats ? "Hide the threat map" : "Show the threat map"}</button>
        <button type="button" onClick={() => run(async () => {
          setSuggestions(await answer(api.GET("/v1/front1901/games/{game_id}/suggestions", path(props.gameId))));
        })}>Suggest orders</button>
      </div>
      <ErrorNote error={error} />
      {estimates && (
        <table data-testid="estimates">
          <caption>Strength of my draft ({estimates.phase})</caption>
          <thead><tr><th>Order</th><th>Strength</th><th>Opposition</th><th>Chance</th></tr></thead>
          <tbody>
            {estimates.estimates.map((e) => (
              <tr key={e.order}><td>{e.order}</td><td class="number">{e.strength}</td><td class="number">{e.opposition}</td>
                <td class="number">{Math.round(e.chance * 100)}%</td></tr>
            ))}
          </tbody>
        </table>
      )}
      {suggestions && (
        <div data-testid="suggestions">
          <ul>
            {suggestions.orders.map((s) => <li key={s.order}><code>{s.order}</code>: {s.reason}</li>)}
          </ul>
          <button type="button" onClick={() => props.onSuggest(suggestions.orders.map((s) => s.order))}>Put them in my draft</button>
        </div>
      )}
    </section>
  );
}
