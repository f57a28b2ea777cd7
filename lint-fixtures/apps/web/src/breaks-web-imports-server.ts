import { list } from "../../server/src/lib/list";

export const size = list.length;
