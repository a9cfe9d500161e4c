// The doctrine editor: a name and up to 8 rules, each "if <up to 4 conditions> then <an action>", every
// condition, action and parameter chosen from the lists (no code). The API's error is shown on the control
// its field names (or on the rule, or the whole form).
import type { ApiError } from "../../app/api";
import { ErrorNote } from "../../app/errors";
import {
  addCondition, addRule, canAddCondition, canAddRule, moveRule, placeOf, removeCondition, removeRule, rename,
  setKind, setValue, type Draft, type Entry, type Part,
} from "./draft";
import { ACTIONS, ACTION_KINDS, CONDITIONS, CONDITION_KINDS, MAX_RULES, OWNERS, TARGETS, type ItemView } from "./lists";

interface Props {
  draft: Draft;
  onChange: (draft: Draft) => void;
  error: ApiError | undefined;
}

function samePart(a: Part | undefined, b: Part): boolean {
  if (a === undefined || a.rule !== b.rule) return false;
  return "action" in a ? "action" in b : "condition" in b && a.condition === b.condition;
}

function Param({ id, name, kind, text, required, onInput, error }: {
  id: string; name: string; kind: string; text: string; required: boolean; onInput: (text: string) => void; error: ApiError | undefined;
}) {
  const label = `${name.replace(/_/g, " ")}${required ? " (required)" : ""}`;
  const invalid = error ? true : undefined;
  const describedBy = error ? `${id}-error` : undefined;
  let control;
  if (kind === "target" || kind === "owner") {
    const values = kind === "target" ? TARGETS : OWNERS;
    control = (
      <select id={id} value={text} aria-invalid={invalid} aria-describedby={describedBy} onChange={(e) => onInput(e.currentTarget.value)}>
        <option value="">{required ? "choose…" : "default"}</option>
        {values.map((value) => <option value={value}>{value}</option>)}
      </select>
    );
  } else if (kind === "yes-no") {
    control = (
      <select id={id} value={text} aria-invalid={invalid} aria-describedby={describedBy} onChange={(e) => onInput(e.currentTarget.value)}>
        <option value="">default</option><option value="yes">yes</option><option value="no">no</option>
      </select>
    );
  } else {
    control = (
      <input id={id} type="text" inputMode={kind === "ratio" ? "decimal" : "numeric"} size={5} value={text} placeholder="default"
        aria-invalid={invalid} aria-describedby={describedBy} onInput={(e) => onInput(e.currentTarget.value)} />
    );
  }
  return (
    <span class="param">
      <label for={id}>{label}</label>
      {control}
      {error ? <ErrorNote error={error} id={`${id}-error`} /> : null}
    </span>
  );
}

function EntryEditor<K extends string>({ draft, part, entry, kinds, items, onChange, error, legend }: {
  draft: Draft; part: Part; entry: Entry<K>; kinds: readonly K[]; items: Readonly<Record<K, ItemView>>;
  onChange: (draft: Draft) => void; error: ApiError | undefined; legend: string;
}) {
  const place = placeOf(error?.field);
  const here = place && "rule" in place && samePart(place.part, part) ? place : undefined;
  const id = `r${part.rule}-${"action" in part ? "then" : `if${part.condition}`}`;
  const item = items[entry.kind];
  return (
    <fieldset class="entry">
      <legend>{legend}</legend>
      <label for={`${id}-kind`} class="sr-only">{legend}: kind</label>
      <select id={`${id}-kind`} value={entry.kind} onChange={(e) => onChange(setKind(draft, part, e.currentTarget.value))}>
        {kinds.map((kind) => <option value={kind}>{items[kind].label}</option>)}
      </select>
      {Object.entries(item.params).map(([name, kind]) => (
        <Param id={`${id}-${name}`} name={name} kind={kind} text={entry.values[name] ?? ""} required={item.required?.includes(name) ?? false}
          onInput={(text) => onChange(setValue(draft, part, name, text))} error={here?.param === name ? error : undefined} />
      ))}
      {here && here.param === undefined ? <ErrorNote error={error} /> : null}
    </fieldset>
  );
}

export function Editor({ draft, onChange, error }: Props) {
  const place = placeOf(error?.field);
  const onName = place !== null && "name" in place;
  return (
    <div class="editor">
      <label for="doctrine-name">Name</label>
      <input id="doctrine-name" value={draft.name} maxLength={40} aria-invalid={onName ? true : undefined}
        aria-describedby={onName ? "doctrine-name-error" : undefined} onInput={(e) => onChange(rename(draft, e.currentTarget.value))} />
      {onName ? <ErrorNote error={error} id="doctrine-name-error" /> : null}
      <p class="hint">Rules are read in order every turn; every rule whose conditions all hold acts. {draft.rules.length} of {MAX_RULES} rules.</p>
      <ol class="rules">
        {draft.rules.map((rule, index) => {
          const onRule = place !== null && "rule" in place && place.rule === index && place.part === undefined;
          return (
            <li class="rule" aria-label={`Rule ${index + 1}`}>
              <div class="rule-head">
                <strong>Rule {index + 1}</strong>
                <button type="button" class="button" aria-label={`Move rule ${index + 1} up`} disabled={index === 0}
                  onClick={() => onChange(moveRule(draft, index, -1))}>↑</button>
                <button type="button" class="button" aria-label={`Move rule ${index + 1} down`} disabled={index === draft.rules.length - 1}
                  onClick={() => onChange(moveRule(draft, index, 1))}>↓</button>
                <button type="button" class="button danger" aria-label={`Remove rule ${index + 1}`} disabled={draft.rules.length === 1}
                  onClick={() => onChange(removeRule(draft, index))}>Remove</button>
              </div>
              {rule.conditions.length === 0 ? <p class="hint">If: always (no condition).</p> : null}
              {rule.conditions.map((entry, condition) => (
                <div class="condition">
                  <EntryEditor draft={draft} part={{ rule: index, condition }} entry={entry} kinds={CONDITION_KINDS} items={CONDITIONS}
                    onChange={onChange} error={error} legend={`Rule ${index + 1}, if (${condition + 1})`} />
                  <button type="button" class="button" aria-label={`Remove condition ${condition + 1} of rule ${index + 1}`}
                    onClick={() => onChange(removeCondition(draft, index, condition))}>Remove condition</button>
                </div>
              ))}
              <button type="button" class="button" disabled={!canAddCondition(rule)} onClick={() => onChange(addCondition(draft, index))}>
                Add a condition to rule {index + 1}
              </button>
              <EntryEditor draft={draft} part={{ rule: index, action: true }} entry={rule.action} kinds={ACTION_KINDS} items={ACTIONS}
                onChange={onChange} error={error} legend={`Rule ${index + 1}, then`} />
              {onRule ? <ErrorNote error={error} /> : null}
            </li>
          );
        })}
      </ol>
      <button type="button" class="button" disabled={!canAddRule(draft)} onClick={() => onChange(addRule(draft))}>
        {canAddRule(draft) ? "Add a rule" : `${MAX_RULES} rules: the most a doctrine holds`}
      </button>
      {error && place === null ? <ErrorNote error={error} /> : null}
    </div>
  );
}
