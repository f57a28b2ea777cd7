import { listTags } from "../tags/api/list-tags";

export const tags = listTags();
