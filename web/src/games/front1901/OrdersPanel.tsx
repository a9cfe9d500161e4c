/** My orders for the open phase: one choice per unit from the view's legal orders, typed orders, the draft. */
import { useState } from "preact/hooks";
import type { View } from "./calls";
import { readOrder } from "./orders";

export interface OrdersProps {
  view: View;
  draft: string[];
  onDraft: (draft: string[]) => void;
  /** The orders that agree with what was clicked so far, to pick one. */
  choices: string[];
  selected: string | null;
  onSelect: (unit: string | null) => void;
}

/** The draft with `order` in place of whatever the draft held for the same unit. */
export function withOrder(draft: string[], order: string): string[] {
  const mine = readOrder(order);
  const place = mine?.at.slice(0, 3);
  const kept = place && mine && mine.kind !== "build" ? draft.filter((text) => readOrder(text)?.at.slice(0, 3) !== place) : draft;
  return [...kept.filter((text) => text !== order), order];
}

export function OrdersPanel(props: OrdersProps) {
  const { view, draft } = props;
  const [typed, setTyped] = useState("");
  const adjusting = view.step === "adjustment";
  const orderOf = (unit: string) => draft.find((text) => readOrder(text)?.at.slice(0, 3) === unit.slice(2, 5));
  const unitsLegal = view.legal.filter((entry) => entry.unit);
  const loose = view.legal.filter((entry) => !entry.unit).flatMap((entry) => entry.orders);
  return (
    <section class="f19-orders" aria-labelledby="f19-orders-title">
      <h2 id="f19-orders-title">My orders</h2>
      {adjusting && (
        <p>
          {view.adjustment > 0 ? `Builds: up to ${view.adjustment}.` : view.adjustment < 0 ? `Disbands: ${-view.adjustment}.` : "No adjustment."}
        </p>
      )}
      {props.choices.length > 0 && (
        <div class="f19-choices" role="group" aria-label="Orders that fit what you clicked">
          {props.choices.map((order) => (
            <button type="button" key={order} onClick={() => props.onDraft(withOrder(draft, order))}>
              {order}
            </button>
          ))}
          <button type="button" onClick={() => props.onSelect(null)}>Cancel</button>
        </div>
      )}
      <ul class="f19-unit-orders">
        {unitsLegal.map((entry) => {
          const unit = entry.unit!;
          const current = orderOf(unit);
          const id = `f19-order-${unit.replace(/[ /]/g, "-")}`;
          return (
            <li key={unit} class={props.selected === unit ? "selected" : undefined}>
              <label for={id}>{unit}</label>
              <select
                id={id}
                value={current && entry.orders.includes(current) ? current : current ? "typed" : ""}
                onFocus={() => props.onSelect(unit)}
                onChange={(event) => {
                  const value = (event.target as HTMLSelectElement).value;
                  if (value === "typed") return;
                  props.onDraft(value ? withOrder(draft, value) : draft.filter((text) => text !== current));
                }}
              >
                <option value="">(no order: holds)</option>
                {current && !entry.orders.includes(current) && <option value="typed">{current}</option>}
                {entry.orders.map((order) => (
                  <option key={order} value={order}>{order}</option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
      {loose.length > 0 && (
        <fieldset class="f19-builds">
          <legend>{adjusting ? "Builds and disbands" : "Orders"}</legend>
          {loose.map((order) => (
            <label key={order} class="f19-check">
              <input
                type="checkbox"
                checked={draft.includes(order)}
                onChange={(event) =>
                  props.onDraft((event.target as HTMLInputElement).checked ? withOrder(draft, order) : draft.filter((t) => t !== order))
                }
              />
              {order}
            </label>
          ))}
        </fieldset>
      )}
      <form
        class="f19-typed"
        onSubmit={(event) => {
          event.preventDefault();
          const text = typed.trim();
          if (!text) return;
          props.onDraft(withOrder(draft, text));
          setTyped("");
        }}
      >
        <label for="f19-typed">Type an order (either notation)</label>
        <input id="f19-typed" value={typed} onInput={(event) => setTyped((event.target as HTMLInputElement).value)}
          placeholder="A PAR - BUR, or Army Paris to Burgundy" autocomplete="off" />
        <button type="submit">Add</button>
      </form>
      <h3>Draft</h3>
      {draft.length === 0 ? (
        <p>No orders yet: every unit holds.</p>
      ) : (
        <ol class="f19-draft" data-testid="draft">
          {draft.map((order) => (
            <li key={order}>
              <span>{order}</span>{" "}
              <button type="button" aria-label={`Remove ${order}`} onClick={() => props.onDraft(draft.filter((t) => t !== order))}>
                ✕
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
