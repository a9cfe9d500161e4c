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
