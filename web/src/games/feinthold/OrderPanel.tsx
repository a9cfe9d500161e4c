// The orders offered at one position: only what the server's `legal` lists there, with counts bounded by
// what it gives and by the points left.
import { useState } from "preact/hooks";
import type { Legal, Order, Position } from "./model";
import { affordable, canAdd, offersAt, orderOf, type Offer } from "./orders";
import { positionName } from "./Board";

function OfferRow({ offer, left, onAdd }: { offer: Offer; left: number; onAdd: (order: Order) => void }) {
  const can = affordable(offer, left);
  const [units, setUnits] = useState(0);
  const [decoys, setDecoys] = useState(0);
  const enabled = canAdd(offer, left);
  const id = `${offer.kind}-${offer.at}-${offer.to ?? ""}`;
  const counted = offer.kind === "reinforce" || offer.kind === "decoy" || offer.kind === "move";
  const u = Math.min(units || (offer.kind === "reinforce" ? 1 : 0), can.units);
  const d = Math.min(decoys || (offer.kind === "decoy" ? 1 : 0), can.decoys);
  const empty = counted && u + d === 0;
  return (
    <li class="offer">
      <span id={`${id}-label`}>{offer.label}</span>
      {offer.kind === "reinforce" || offer.kind === "move" ? (
        <label>
          units{" "}
          <input type="number" min={0} max={can.units} value={u} disabled={!enabled || can.units === 0} onInput={(e) => setUnits(Number(e.currentTarget.value))} />
        </label>
      ) : null}
      {offer.kind === "decoy" || offer.kind === "move" ? (
        <label>
          decoys{" "}
          <input type="number" min={0} max={can.decoys} value={d} disabled={!enabled || can.decoys === 0} onInput={(e) => setDecoys(Number(e.currentTarget.value))} />
        </label>
      ) : null}
      <button type="button" class="small" disabled={!enabled || empty} aria-describedby={`${id}-label`} onClick={() => onAdd(orderOf(offer, u, d))}>
        Add
      </button>
    </li>
  );
}

export function OrderPanel({ legal, at, left, onAdd }: { legal: Legal; at: Position; left: number; onAdd: (order: Order) => void }) {
  const offers = offersAt(legal, at);
  return (
    <div class="order-panel" aria-live="polite">
      <h3>At {positionName(at)}</h3>
      {offers.length === 0 ? <p>No order can be given here this turn.</p> : null}
      <ul>
        {offers.map((offer) => (
          <OfferRow key={`${offer.kind}-${offer.to ?? ""}-${at}`} offer={offer} left={left} onAdd={onAdd} />
        ))}
      </ul>
    </div>
  );
}
