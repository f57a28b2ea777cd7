import { describe, expect, it } from "vitest";
import { companyRow, TREE } from "./companies-test-kit";
import { companyForest, pathName, moveTargets, parentChoices } from "./company-hierarchy";

const names = (rows: readonly { name: string }[]) => rows.map((row) => row.name);
const byName = (name: string) => TREE.find((row) => row.name === name)!;

describe("the company hierarchy", () => {
  it("builds the tree from parent ids, whatever order the rows come in", () => {
    const forest = companyForest([...TREE].reverse());
    expect(forest.map((node) => node.company.name)).toEqual(["Netfleet Demo"]);
    const [root] = forest;
    expect(root?.children.map((node) => node.company.name)).toEqual(["South", "North"]);
    expect(root?.children[1]?.children.map((node) => node.company.name)).toEqual(["North Retail"]);
  });

  it("makes every company whose parent it does not see a root", () => {
    const forest = companyForest([
      companyRow(5, { name: "Top A", parent_id: 0, level: 1 }),
      companyRow(6, { name: "Top B", parent_id: 0, level: 1 }),
      companyRow(7, { name: "Under B", parent_id: 6 }),
    ]);
    expect(forest.map((node) => node.company.name)).toEqual(["Top A", "Top B"]);
  });

  it("FM-ENTITY-024 offers only companies of levels 1 and 2 as parents", () => {
    expect(names(parentChoices(TREE))).toEqual(["Netfleet Demo", "North", "South"]);
  });

  it("moves a company neither under itself nor under its own subsidiaries", () => {
    expect(names(moveTargets(TREE, byName("North")))).not.toContain("North");
    expect(names(moveTargets(TREE, byName("North")))).not.toContain("North Retail");
  });

  it("moves a company only where its whole branch stays within the last level", () => {
    // North has a subsidiary: under South it would sit at level 3 and its subsidiary at 4.
    expect(names(moveTargets(TREE, byName("North")))).toEqual(["Netfleet Demo"]);
    // A company without subsidiaries may go under any level-2 company.
    expect(names(moveTargets(TREE, byName("South")))).toEqual(["Netfleet Demo", "North"]);
    expect(names(moveTargets(TREE, byName("North Retail")))).toEqual([
      "Netfleet Demo",
      "North",
      "South",
    ]);
  });

  it("names a choice after its ancestors, so that equal names in two branches differ", () => {
    expect(pathName(byName("Netfleet Demo"), TREE)).toBe("Netfleet Demo");
    expect(pathName(byName("North Retail"), TREE)).toBe("Netfleet Demo / North / North Retail");
    expect(pathName(byName("North"), TREE.slice(1))).toBe("North");
  });
});
