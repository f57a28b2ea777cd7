import { listEnvelope } from "@netfleet/contracts/envelope";
import { searchResultItemSchema } from "@netfleet/contracts/schemas/search";

/** A category's answer: its rows and `meta.total`. */
export const searchAnswerSchema = listEnvelope(searchResultItemSchema);
