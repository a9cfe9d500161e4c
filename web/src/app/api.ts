// The one API client: typed from docs/api/openapi.json (src/api/generated, made by `npm run generate`),
// same-origin (the local runner and CloudFront both route /v1/* to the API), the member's token added.
import createClient, { type Middleware } from "openapi-fetch";
import type { components, paths } from "../api/generated/schema";
import { bearer } from "./auth";

export type Schemas = components["schemas"];
/** The API's enumerations as lists (openapi-typescript's --enum-values), for the screens that offer a choice. */
export {
  feintPaceValues,
  front1901LengthValues,
  front1901LevelValues,
  front1901PressValues,
  front1901SeatingValues,
  gamePaceValues,
  houseAiValues,
  layoutValues,
  phasePaceValues,
  sideValues,
} from "../api/generated/schema";
export type ErrorDetail = Schemas["ErrorDetail"];

const withToken: Middleware = {
  onRequest({ request }) {
    const token = bearer();
    if (token) request.headers.set("Authorization", `Bearer ${token}`);
    return request;
  },
};

export const api = createClient<paths>({ baseUrl: window.location.origin });
api.use(withToken);

/** What went wrong, in words: the API's error (code, message, field, rule) or the network's. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: ErrorDetail | undefined,
    message: string,
  ) {
    super(message);
  }
  get field(): string | null | undefined {
    return this.detail?.field;
  }
  get rule(): string | null | undefined {
    return this.detail?.rule;
  }
}

/** The error of an openapi-fetch answer, as an ApiError. */
export function apiError(response: Response, error: unknown): ApiError {
  if (error && typeof error === "object" && "error" in error) {
    const detail = (error as { error: ErrorDetail }).error;
    return new ApiError(response.status, detail, detail.message);
  }
  if (error && typeof error === "object" && "message" in error) {
    return new ApiError(response.status, undefined, String((error as { message: unknown }).message));
  }
  return new ApiError(response.status, undefined, `the server answered ${response.status}`);
}

/** Unwraps an openapi-fetch answer: its data, or an ApiError. */
export async function answer<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok && data !== undefined) return data;
  throw apiError(response, error);
}
