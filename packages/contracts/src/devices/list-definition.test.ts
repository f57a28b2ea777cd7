import { describe, expect, it } from "vitest";
import { DEFAULT_DEVICE_LIST_DEFINITION as definition } from "./list-definition";

describe("the default device list definition", () => {
  it("FM-ENTITY-006 has id default and name Default, and is marked default", () => {
    expect(definition).toMatchObject({ id: "default", name: "Default", default: true });
  });

  it("FM-ENTITY-007 lists name, model, company name, tags, serial, MAC and created at with their labels", () => {
    expect(definition.fields.map(({ key, label }) => [key, label])).toEqual([
      ["name", "Name"],
      ["model", "Model"],
      ["company_name", "Company name"],
      ["tags", "Tags"],
      ["serial", "Serial"],
      ["mac", "MAC"],
      ["created_at", "Created at"],
    ]);
  });

  it("FM-ENTITY-008 lets only name and tags be edited", () => {
    expect(definition.fields.filter((field) => field.editable).map((field) => field.key)).toEqual([
      "name",
      "tags",
    ]);
  });

  it("FM-ENTITY-009 shows created at in local time", () => {
    const createdAt = definition.fields.find((field) => field.key === "created_at");
    expect(createdAt?.kind).toBe("datetime-local");
    expect(definition.fields.filter((field) => field.kind === "datetime-local")).toHaveLength(1);
  });

  it("FM-ENTITY-010 has the status, model and firmware charts, each on by default and whitelisted", () => {
    expect(definition.charts.map((chart) => chart.key)).toEqual(["status", "model", "firmware"]);
    for (const chart of definition.charts) {
      expect(chart).toMatchObject({ default_on: true, whitelisted: true });
    }
  });

  it("FM-ENTITY-011 titles the firmware chart Device firmware", () => {
    expect(definition.charts.find((chart) => chart.key === "firmware")?.title).toBe(
      "Device firmware",
    );
  });
});
