// Where the platform's screens live, and the one screen of another area they link to: Feinthold's board.
export const to = {
  hub: "/platform",
  duels: "/platform/duels",
  duel: (duelId: string) => `/platform/duels/${duelId}`,
  friendly: "/platform/friendly",
  daily: "/platform/daily",
  tournaments: "/platform/tournaments",
  tournament: (tournamentId: string) => `/platform/tournaments/${tournamentId}`,
  doctrines: "/platform/doctrines",
  doctrine: (slot: number) => `/platform/doctrines/${slot}`,
  newDoctrine: "/platform/doctrines/new",
  published: "/platform/published",
  publishedOne: (doctrineId: string) => `/platform/published/${doctrineId}`,
  challenge: (challengeId: string) => `/platform/challenges/${challengeId}`,
  boards: "/platform/boards",
  season: (season: string) => `/platform/seasons/${season}`,
  history: (member: string) => `/platform/seasons/members/${encodeURIComponent(member)}`,
  moderation: "/platform/moderation",
  member: (member: string) => `/platform/moderation/members/${encodeURIComponent(member)}`,
  /** Feinthold's board, the foundation's screen: a duel's, a match's, a challenge's or a Daily Front's game. */
  board: (gameId: string) => `/feinthold/games/${gameId}`,
};
