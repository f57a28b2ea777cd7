import { ID_MAX } from "../../../../../packages/contracts/src/common";
import { format } from "../../lib/format";
import { tags } from "./breaks-feature-imports-feature";

export const label = `${format(ID_MAX)} ${tags.join()}`;
