import { RoutePage } from "../../components/layout/route-page";

export function Component() {
  return <RoutePage>{null}</RoutePage>;
}
