import { format } from "../../web/src/lib/format";

export const formatted = format(1);
