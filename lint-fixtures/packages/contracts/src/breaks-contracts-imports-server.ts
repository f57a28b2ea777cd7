import { list } from "../../../apps/server/src/lib/list";

export const size = list.length;
