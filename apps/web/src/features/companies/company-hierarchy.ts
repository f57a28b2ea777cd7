import {
  COMPANY_MAX_LEVEL,
  canBeParent,
  type CompanyListItem,
} from "@netfleet/contracts/schemas/companies";

type Row = CompanyListItem;

/** A company of the tree with its direct subsidiaries, in the order the server gave. */
export interface CompanyNode {
  company: Row;
  children: CompanyNode[];
}

/**
 * The tree of the rows: a company whose parent is not among them (the user's own company,
 * or every top-level one for a super admin) is a root.
 */
export function companyForest(rows: readonly Row[]): CompanyNode[] {
  const nodes = new Map(
    rows.map((company) => [company.id, { company, children: [] as CompanyNode[] }]),
  );
  const roots: CompanyNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.company.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The ids of a company and of every company below it. */
export function subtreeIds(rows: readonly Row[], id: number): Set<number> {
  const ids = new Set([id]);
  // Parents come before their subsidiaries in tree order, but the rows may be in any order.
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (!ids.has(row.id) && ids.has(row.parent_id)) {
        ids.add(row.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** The companies a new company may go under: levels 1 and 2 (FM-ENTITY-024). */
export function parentChoices(rows: readonly Row[]): Row[] {
  return rows.filter((row) => canBeParent(row.level));
}

/**
 * Where `company` may move: a company that may be a parent, not the company itself nor one
 * below it (no cycles), and not so deep that its lowest subsidiary would pass the last level.
 */
export function moveTargets(rows: readonly Row[], company: Row): Row[] {
  const below = subtreeIds(rows, company.id);
  const depth =
    Math.max(...rows.filter((row) => below.has(row.id)).map((row) => row.level), company.level) -
    company.level;
  return parentChoices(rows).filter(
    (row) => !below.has(row.id) && row.level + 1 + depth <= COMPANY_MAX_LEVEL,
  );
}

/**
 * A company's name after those of its ancestors among the rows ("Acme / North"): names
 * may repeat in different branches, and a flat list of choices should still tell them apart.
 */
export function pathName(row: Row, rows: readonly Row[]): string {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const names = [row.name];
  for (let parent = byId.get(row.parent_id); parent; parent = byId.get(parent.parent_id)) {
    names.unshift(parent.name);
    if (names.length > rows.length) break;
  }
  return names.join(" / ");
}
