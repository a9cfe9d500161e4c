// The lists a doctrine's rules are chosen from: every condition and action of the contract, with its
// parameters. The types below are derived from the generated schema, so a condition, an action or a parameter
// the contract adds, renames or drops fails to compile here until the lists follow it; ranges and defaults are
// the server's (a parameter left empty takes its default, a number out of range comes back as an error on its
// field). The targets and owners offered are the contract's own lists.
import { doctrineOwnerValues, doctrineTargetValues, type components } from "../../api/generated/schema";

type Schemas = components["schemas"];
export type Doctrine = Schemas["Doctrine"];
export type DoctrineRule = Schemas["DoctrineRule"];
export type Condition = NonNullable<DoctrineRule["if"]>[number];
export type Action = DoctrineRule["then"];
export type Target = Schemas["DoctrineTarget"];
export type Owner = Schemas["DoctrineOwner"];

type KeysOf<U> = U extends unknown ? keyof U : never;
type ParamsOf<U, K extends PropertyKey> = U extends { [P in K]: infer Params } ? Params : never;
export type ConditionKind = KeysOf<Condition>;
export type ActionKind = KeysOf<Action>;

/** How a parameter is entered: a target (a position named from one's side), a flag's owner, a whole number,
 * a number with decimals, or yes/no. */
export type ParamKind = "target" | "owner" | "count" | "ratio" | "yes-no";
type KindFor<V> = [NonNullable<V>] extends [Target] ? "target"
  : [NonNullable<V>] extends [Owner] ? "owner"
  : [NonNullable<V>] extends [number] ? "count" | "ratio"
  : [NonNullable<V>] extends [boolean] ? "yes-no" : never;
type ParamList<Params> = { readonly [F in keyof Required<Params>]: KindFor<Required<Params>[F]> };

export interface Item<Params> {
  readonly label: string;
  readonly params: ParamList<Params>;
  /** Parameters that must be given (no default): the editor marks them. */
  readonly required?: readonly (keyof Params & string)[];
}

type Menu<U, K extends PropertyKey> = { readonly [Key in K & KeysOf<U>]: Item<ParamsOf<U, Key>> };

const range = { at_least: "count", at_most: "count" } as const;

/** A list's item as the editor reads it. */
export interface ItemView {
  readonly label: string;
  readonly params: Readonly<Record<string, ParamKind>>;
  readonly required?: readonly string[];
}

export const CONDITIONS: Readonly<Record<ConditionKind, ItemView>> = {
  turn: { label: "the turn is", params: range },
  points: { label: "points left are", params: range },
  units_at: { label: "my units at", params: { at: "target", ...range }, required: ["at"] },
  units_total: { label: "all my units are", params: range },
  decoys_at: { label: "my decoys at", params: { at: "target", ...range }, required: ["at"] },
  flag: { label: "the flag at", params: { at: "target", owner: "owner" }, required: ["at", "owner"] },
  relays_held: { label: "relays held are", params: range },
  positions_held: { label: "positions held are", params: range },
  lead: { label: "my lead in positions is", params: range },
  enemy_at: { label: "an enemy mark at", params: { at: "target", present: "yes-no" }, required: ["at"] },
  enemy_next_to: { label: "enemy marks next to", params: { at: "target", ...range }, required: ["at"] },
  last_seen: {
    label: "the enemy last seen at",
    params: { at: "target", at_least: "ratio", at_most: "ratio", within: "count" },
    required: ["at"],
  },
  outnumber: {
    label: "I outnumber the enemy at",
    params: { at: "target", ratio: "ratio", unknown_as: "count" },
    required: ["at"],
  },
} satisfies Menu<Condition, ConditionKind>;

export const ACTIONS: Readonly<Record<ActionKind, ItemView>> = {
  reinforce_units: { label: "reinforce units", params: { at: "target", count: "count" } },
  reinforce_decoys: { label: "reinforce decoys", params: { at: "target", count: "count" } },
  reinforce_all: { label: "reinforce all I can", params: { at: "target", keep_points: "count", at_most: "count" } },
  advance: { label: "advance", params: { from: "target", toward: "target", keep: "count", share: "count" } },
  converge: { label: "converge", params: { at: "target", keep: "count", share: "count" } },
  send_decoys: { label: "send decoys", params: { from: "target", toward: "target", count: "count" } },
  entrench: { label: "entrench", params: { at: "target" } },
  scout: { label: "scout", params: { at: "target" } },
  predict: { label: "predict", params: { at: "target" } },
} satisfies Menu<Action, ActionKind>;

/** The targets and the owners, as the contract lists them (generated with its enumerations). */
export const TARGETS: readonly Target[] = doctrineTargetValues;
export const OWNERS: readonly Owner[] = doctrineOwnerValues;

export const CONDITION_KINDS = Object.keys(CONDITIONS) as ConditionKind[];
export const ACTION_KINDS = Object.keys(ACTIONS) as ActionKind[];

/** "8 rules at most", "0 to 4 conditions" (the contract's maxItems of Doctrine.rules and DoctrineRule.if). */
export const MAX_RULES = 8;
export const MAX_CONDITIONS = 4;

export const conditionItem = (kind: ConditionKind): ItemView => CONDITIONS[kind];
export const actionItem = (kind: ActionKind): ItemView => ACTIONS[kind];
