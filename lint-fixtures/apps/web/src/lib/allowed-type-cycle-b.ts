import type { A } from "./allowed-type-cycle-a";

export interface B {
  a?: A;
}
