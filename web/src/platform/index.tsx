// The platform's screens around the games (its own chunk, loaded on the first visit to /platform).
import type { Area } from "../app/router";
import { Boards } from "./boards/Boards";
import { Daily } from "./daily/Daily";
import { DoctrineScreen } from "./doctrines/DoctrineScreen";
import { Doctrines } from "./doctrines/Doctrines";
import { ChallengeScreen, PublishedList, PublishedScreen } from "./doctrines/Published";
import { DuelScreen } from "./duels/Duel";
import { Duels } from "./duels/Duels";
import { Friendly } from "./duels/Friendly";
import { Hub } from "./Hub";
import { MemberRecord } from "./moderation/MemberRecord";
import { Moderation } from "./moderation/Moderation";
import "./platform.css";
import { HistoryScreen, SeasonScreen } from "./seasons/Seasons";
import { TournamentScreen } from "./tournaments/Tournament";
import { Tournaments } from "./tournaments/Tournaments";

export const routes: Area["routes"] = [
  { path: "/platform", title: "Platform", view: Hub },
  { path: "/platform/duels", title: "Duels", view: Duels },
  { path: "/platform/duels/:duelId", title: "Duel", view: DuelScreen },
  { path: "/platform/friendly", title: "Friendly games", view: Friendly },
  { path: "/platform/daily", title: "The Daily Front", view: Daily },
  { path: "/platform/tournaments", title: "Tournaments", view: Tournaments },
  { path: "/platform/tournaments/:tournamentId", title: "Tournament", view: TournamentScreen },
  { path: "/platform/doctrines", title: "My doctrines", view: Doctrines },
  { path: "/platform/doctrines/:slot", title: "Doctrine", view: DoctrineScreen },
  { path: "/platform/published", title: "Published doctrines", view: PublishedList },
  { path: "/platform/published/:doctrineId", title: "Published doctrine", view: PublishedScreen },
  { path: "/platform/challenges/:challengeId", title: "Challenge", view: ChallengeScreen },
  { path: "/platform/boards", title: "Ratings and boards", view: Boards },
  { path: "/platform/seasons/members/:member", title: "Season history", view: HistoryScreen },
  { path: "/platform/seasons/:season", title: "Season", view: SeasonScreen },
  { path: "/platform/moderation", title: "Moderation", view: Moderation },
  { path: "/platform/moderation/members/:member", title: "Member's record", view: MemberRecord },
];
