import type { B } from "./allowed-type-cycle-b";

export interface A {
  b?: B;
}
