import { PERMISSIONS, isPermission } from "@netfleet/contracts/permissions";

export interface PermissionGroup {
  /** A `group` of contracts' PERMISSIONS, or `other` for names this console does not know. */
  group: string;
  names: string[];
}

const GROUP_ORDER = [...new Set(Object.values(PERMISSIONS).map((p) => p.group))];
const PERMISSION_ORDER = Object.keys(PERMISSIONS);

/**
 * The held permissions by area, areas and permissions in the order contracts lists them.
 * Names the console does not know (a newer server) are kept, under `other`, not dropped.
 */
export function groupPermissions(held: readonly string[]): PermissionGroup[] {
  const byGroup = new Map<string, string[]>();
  const unique = [...new Set(held)].sort((a, b) => order(a) - order(b) || a.localeCompare(b));
  for (const name of unique) {
    const group = isPermission(name) ? PERMISSIONS[name].group : "other";
    byGroup.set(group, [...(byGroup.get(group) ?? []), name]);
  }
  return [...GROUP_ORDER, "other"]
    .filter((group) => byGroup.has(group))
    .map((group) => ({ group, names: byGroup.get(group)! }));
}

function order(name: string): number {
  const index = PERMISSION_ORDER.indexOf(name);
  return index < 0 ? PERMISSION_ORDER.length : index;
}
