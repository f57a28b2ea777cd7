import { useSearchParams } from "../../lib/router";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import { OfflineScreen } from "../../components/screens/offline-screen";
import { sameOriginTarget } from "../../lib/browser-location";

/** `/offline` (guard rule 1): back to `continue_url`, on this origin, once online again. */
export function Component() {
  const [params] = useSearchParams();
  return (
    <OfflineScreen
      continueTo={sameOriginTarget(params.get("continue_url"), DEFAULT_LANDING_PAGE)}
    />
  );
}
