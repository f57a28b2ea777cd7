import { b } from "./breaks-cycle-b";

export const a = () => b() + 1;
