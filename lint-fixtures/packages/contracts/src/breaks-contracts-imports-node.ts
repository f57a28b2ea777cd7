import { readFileSync } from "node:fs";

export const read = readFileSync;
