// Front 1901's calls: the generated client's paths, each change with its Idempotency-Key (app/change.ts).
import { api, type Schemas } from "../../app/api";
import { change } from "../../app/change";

export type Game = Schemas["Front1901GameOut"];
export type View = Schemas["Front1901View"];
export type Played = Schemas["Front1901PhasePlayed"];
export type Proposal = Schemas["Front1901ProposalIn"]["proposal"];

const key = (k: string) => ({ "Idempotency-Key": k });

export const loadGame = (gameId: string) => (etag: string | undefined) =>
  api.GET("/v1/front1901/games/{game_id}", {
    params: { path: { game_id: gameId }, header: etag ? { "If-None-Match": etag } : {} },
  });

export const submitOrders = (gameId: string, phase: string, orders: string[]) =>
  change((k) =>
    api.PUT("/v1/front1901/games/{game_id}/phases/{phase}/orders", {
      params: { path: { game_id: gameId, phase }, header: key(k) },
      body: { orders },
    }),
  );

export const saveDraft = (gameId: string, phase: string, orders: string[]) =>
  change((k) =>
    api.PUT("/v1/front1901/games/{game_id}/phases/{phase}/draft", {
      params: { path: { game_id: gameId, phase }, header: key(k) },
      body: { orders },
    }),
  );

export const propose = (gameId: string, phase: string, to: string, proposal: Proposal) =>
  change((k) =>
    api.POST("/v1/front1901/games/{game_id}/phases/{phase}/proposals", {
      params: { path: { game_id: gameId, phase }, header: key(k) },
      body: { to: to as Schemas["Front1901Power"], proposal },
    }),
  );

export const reply = (gameId: string, phase: string, messageId: number, accept: boolean) =>
  change((k) =>
    api.POST("/v1/front1901/games/{game_id}/phases/{phase}/replies", {
      params: { path: { game_id: gameId, phase }, header: key(k) },
      body: { message_id: messageId, accept },
    }),
  );

export const cancelAgreement = (gameId: string, phase: string, agreementId: number) =>
  change((k) =>
    api.POST("/v1/front1901/games/{game_id}/phases/{phase}/cancellations", {
      params: { path: { game_id: gameId, phase }, header: key(k) },
      body: { agreement_id: agreementId },
    }),
  );

// Online play: tables (open, list, read, join) and what a table's member does beside the solo game's calls.
export type Table = Schemas["Front1901TableOut"];
export type NewTable = Schemas["NewFront1901Table"];
export type TableView = Schemas["Front1901TableView"];
export type Vote = Schemas["Front1901VoteIn"];

/** A table's view (online) rather than a solo game's: the server says which by the fields it sends. */
export const isTable = (view: Game["view"]): view is TableView => "members" in view;

export const loadTables = () => api.GET("/v1/front1901/tables", {});

export const loadTable = (tableId: string) => () =>
  api.GET("/v1/front1901/tables/{table_id}", { params: { path: { table_id: tableId } } });

export const openTable = (body: NewTable) =>
  change((k) => api.POST("/v1/front1901/tables", { params: { header: key(k) }, body }));

export const joinTable = (tableId: string, power: Schemas["Front1901Power"] | null) =>
  change((k) =>
    api.POST("/v1/front1901/tables/{table_id}/join", {
      params: { path: { table_id: tableId }, header: key(k) },
      body: power ? { power } : {},
    }),
  );

export const sendText = (gameId: string, phase: string, to: string | null, text: string) =>
  change((k) =>
    api.POST("/v1/front1901/games/{game_id}/phases/{phase}/messages", {
      params: { path: { game_id: gameId, phase }, header: key(k) },
      body: to ? { to: to as Schemas["Front1901Power"], text } : { text },
    }),
  );

export const vote = (gameId: string, phase: string, body: Vote) =>
  change((k) =>
    api.POST("/v1/front1901/games/{game_id}/phases/{phase}/votes", {
      params: { path: { game_id: gameId, phase }, header: key(k) },
      body,
    }),
  );

export const reclaim = (gameId: string, phase: string) =>
  change((k) =>
    api.POST("/v1/front1901/games/{game_id}/phases/{phase}/reclaim", {
      params: { path: { game_id: gameId, phase }, header: key(k) },
    }),
  );
