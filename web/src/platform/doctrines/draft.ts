// The doctrine editor's rule list: a draft as the form holds it (every parameter as the text of its control),
// the edits the editor offers, and the draft to and from the doctrine's JSON. Pure: the editor's screen keeps
// a Draft in a signal and replaces it with what these functions return.
import {
  ACTIONS, CONDITIONS, MAX_CONDITIONS, MAX_RULES, actionItem, conditionItem,
  type Action, type ActionKind, type Condition, type ConditionKind, type Doctrine, type DoctrineRule,
} from "./lists";

/** A condition or an action as entered: its kind and each parameter's text ('' = left to its default). */
export interface Entry<K extends string> {
  readonly kind: K;
  readonly values: Readonly<Record<string, string>>;
}
export interface DraftRule {
  readonly conditions: readonly Entry<ConditionKind>[];
  readonly action: Entry<ActionKind>;
}
export interface Draft {
  readonly name: string;
  readonly rules: readonly DraftRule[];
}

/** Where an edit applies: a rule's condition (by index) or its action. */
export type Part = { readonly rule: number; readonly condition: number } | { readonly rule: number; readonly action: true };

const FIRST_ACTION: ActionKind = "reinforce_all";
const FIRST_CONDITION: ConditionKind = "turn";

function emptyValues(params: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.keys(params).map((name) => [name, ""]));
}

export function newRule(): DraftRule {
  return { conditions: [], action: { kind: FIRST_ACTION, values: emptyValues(ACTIONS[FIRST_ACTION].params) } };
}

export function newDraft(name = ""): Draft {
  return { name, rules: [newRule()] };
}

let started: Draft | undefined;

/** A draft handed to the next new doctrine's editor (a house AI's rules taken as a start). */
export function startFrom(draft: Draft): void {
  started = draft;
}

/** The draft a new doctrine starts from: the one handed over, once, else an empty one. */
export function takeStart(): Draft {
  const draft = started ?? newDraft();
  started = undefined;
  return draft;
}

export const canAddRule = (draft: Draft): boolean => draft.rules.length < MAX_RULES;
export const canAddCondition = (rule: DraftRule): boolean => rule.conditions.length < MAX_CONDITIONS;

function withRules(draft: Draft, rules: readonly DraftRule[]): Draft {
  return { ...draft, rules };
}

function withRule(draft: Draft, index: number, change: (rule: DraftRule) => DraftRule): Draft {
  return withRules(draft, draft.rules.map((rule, at) => (at === index ? change(rule) : rule)));
}

export function rename(draft: Draft, name: string): Draft {
  return { ...draft, name };
}

export function addRule(draft: Draft): Draft {
  return canAddRule(draft) ? withRules(draft, [...draft.rules, newRule()]) : draft;
}

/** A doctrine has one rule at least: the last one stays. */
export function removeRule(draft: Draft, index: number): Draft {
  return draft.rules.length > 1 ? withRules(draft, draft.rules.filter((_, at) => at !== index)) : draft;
}

/** Moves a rule up (-1) or down (+1): rules are read in order, so their order is the doctrine's priority. */
export function moveRule(draft: Draft, index: number, by: -1 | 1): Draft {
  const to = index + by;
  const moved = draft.rules[index];
  if (moved === undefined || to < 0 || to >= draft.rules.length) return draft;
  const rules = draft.rules.filter((_, at) => at !== index);
  rules.splice(to, 0, moved);
  return withRules(draft, rules);
}

export function addCondition(draft: Draft, index: number): Draft {
  return withRule(draft, index, (rule) => canAddCondition(rule)
    ? { ...rule, conditions: [...rule.conditions, { kind: FIRST_CONDITION, values: emptyValues(CONDITIONS[FIRST_CONDITION].params) }] }
    : rule);
}

export function removeCondition(draft: Draft, index: number, condition: number): Draft {
  return withRule(draft, index, (rule) => ({ ...rule, conditions: rule.conditions.filter((_, at) => at !== condition) }));
}

/** Another kind: the parameters both kinds share keep their text (an `at` stays where it pointed). */
export function setKind(draft: Draft, part: Part, kind: string): Draft {
  return withRule(draft, part.rule, (rule) => {
    if ("action" in part) {
      const next = kind as ActionKind;
      return { ...rule, action: { kind: next, values: carried(rule.action.values, actionItem(next).params) } };
    }
    const next = kind as ConditionKind;
    return {
      ...rule,
      conditions: rule.conditions.map((entry, at) => at === part.condition
        ? { kind: next, values: carried(entry.values, conditionItem(next).params) }
        : entry),
    };
  });
}

function carried(values: Readonly<Record<string, string>>, params: Readonly<Record<string, string>>) {
  return Object.fromEntries(Object.keys(params).map((name) => [name, values[name] ?? ""]));
}

export function setValue(draft: Draft, part: Part, param: string, text: string): Draft {
  return withRule(draft, part.rule, (rule) => {
    if ("action" in part) return { ...rule, action: { ...rule.action, values: { ...rule.action.values, [param]: text } } };
    return {
      ...rule,
      conditions: rule.conditions.map((entry, at) => at === part.condition
        ? { ...entry, values: { ...entry.values, [param]: text } }
        : entry),
    };
  });
}

/** A parameter's text as JSON: left empty, it is left out (the server's default); a number as a number, yes/no
 * as a boolean; anything else as typed, for the server to refuse on its field. */
function parameters(entry: Entry<string>, kinds: Readonly<Record<string, string>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(entry.values)) {
    const value = text.trim();
    if (value === "") continue;
    const kind = kinds[name];
    if (kind === "count" || kind === "ratio") out[name] = Number.isFinite(Number(value)) ? Number(value) : value;
    else if (kind === "yes-no") out[name] = value === "yes";
    else out[name] = value;
  }
  return out;
}

export function toDoctrine(draft: Draft): Doctrine {
  return {
    name: draft.name,
    rules: draft.rules.map((rule): DoctrineRule => ({
      if: rule.conditions.map((entry) =>
        ({ [entry.kind]: parameters(entry, conditionItem(entry.kind).params) }) as unknown as Condition),
      then: { [rule.action.kind]: parameters(rule.action, actionItem(rule.action.kind).params) } as unknown as Action,
    })),
  };
}

function entryOf<K extends string>(one: object, kinds: readonly K[], params: (kind: K) => Readonly<Record<string, string>>): Entry<K> {
  const [kind, given] = Object.entries(one)[0] ?? [];
  const known = kinds.find((name) => name === kind);
  if (known === undefined) throw new Error(`not a kind of the lists: ${String(kind)}`);
  const values = emptyValues(params(known));
  for (const [name, value] of Object.entries((given ?? {}) as Record<string, unknown>)) {
    if (value === null || value === undefined) continue;
    values[name] = typeof value === "boolean" ? (value ? "yes" : "no") : String(value);
  }
  return { kind: known, values };
}

/** A stored doctrine (mine, or a house AI's public rules) as a draft to edit. */
export function fromDoctrine(doctrine: Doctrine): Draft {
  const conditionKinds = Object.keys(CONDITIONS) as ConditionKind[];
  const actionKinds = Object.keys(ACTIONS) as ActionKind[];
  return {
    name: doctrine.name,
    rules: doctrine.rules.map((rule) => ({
      conditions: (rule.if ?? []).map((one) => entryOf(one, conditionKinds, (kind) => conditionItem(kind).params)),
      action: entryOf(rule.then, actionKinds, (kind) => actionItem(kind).params),
    })),
  };
}

/** Where an error of the API belongs in the editor, from its field: the name, a rule, a part of a rule or
 * one of its parameters; null for a field the editor has no control for (shown with the whole form). */
export type Place =
  | { readonly name: true }
  | { readonly rule: number; readonly part?: Part; readonly param?: string };

export function placeOf(field: string | null | undefined): Place | null {
  if (!field) return null;
  if (field === "doctrine.name" || field === "name") return { name: true };
  const found = /^doctrine\.rules\[(\d+)\](?:\.(?:if\[(\d+)\]|(then))(?:\.[a-z_]+(?:\.([a-z_]+))?)?)?/.exec(field);
  if (found === null) return null;
  const rule = Number(found[1]);
  const param = found[4];
  if (found[2] !== undefined) return { rule, part: { rule, condition: Number(found[2]) }, ...(param ? { param } : {}) };
  if (found[3] !== undefined) return { rule, part: { rule, action: true }, ...(param ? { param } : {}) };
  return { rule };
}
