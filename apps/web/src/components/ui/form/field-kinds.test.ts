import { describe, expect, it } from "vitest";
import {
  FIELD_COMPONENTS,
  FIELD_DEFINITION_KEYS,
  FIELD_TYPES,
  LIST_INPUT_OPTION_KEYS,
  fieldKind,
} from "./field-kinds";
import type { FieldDefinition } from "./form-types";

describe("field kinds", () => {
  it("FM-FIELD-001 a field definition accepts every property the specification lists", () => {
    // Every key is checked against FieldDefinition by the `satisfies` in field-kinds.ts.
    expect([...FIELD_DEFINITION_KEYS].sort()).toEqual(
      [
        "key",
        "label",
        "type",
        "required",
        "options",
        "component",
        "depends",
        "permission",
        "min",
        "max",
        "minlength",
        "maxlength",
        "pattern",
        "mask",
        "placeholder",
        "subtext",
        "hint",
        "addon",
        "generate",
        "accept",
        "step",
        "trueValue",
        "falseValue",
        "disabled",
        "onChange",
        "multiple",
        "href",
        "linkText",
        "icon",
        "optionDescriptionBlock",
      ].sort(),
    );
    const field: Required<Pick<FieldDefinition, (typeof FIELD_DEFINITION_KEYS)[number]>> = {
      key: "name",
      label: "Name",
      type: "text",
      required: (values) => values.kind === "a",
      options: [{ value: "a", label: "A" }],
      component: "ListInput",
      depends: () => true,
      permission: "create_tags",
      min: 1,
      max: () => 5,
      minlength: 1,
      maxlength: 10,
      pattern: "[a-z]+",
      mask: "###",
      placeholder: "Type",
      subtext: "Under",
      hint: "Why",
      addon: "GB",
      generate: true,
      accept: ".csv",
      step: 0.01,
      trueValue: 1,
      falseValue: 0,
      disabled: false,
      onChange: () => undefined,
      multiple: true,
      href: "https://example.com",
      linkText: "Read more",
      icon: null,
      optionDescriptionBlock: true,
    };
    expect(Object.keys(field).sort()).toEqual([...FIELD_DEFINITION_KEYS].sort());
  });

  it("FM-FIELD-002 the component kinds are ItemSelect, DeviceSelect, BaseAlert, ListInput and TableInput", () => {
    expect([...FIELD_COMPONENTS]).toEqual([
      "ItemSelect",
      "DeviceSelect",
      "BaseAlert",
      "ListInput",
      "TableInput",
    ]);
    expect(fieldKind({ key: "x", type: "text", component: "DeviceSelect" })).toBe("DeviceSelect");
  });

  it("FM-FIELD-003 the field types include password, file, textarea, color, checkbox and radio", () => {
    expect(FIELD_TYPES).toEqual(
      expect.arrayContaining(["password", "file", "textarea", "color", "checkbox", "radio"]),
    );
    expect(fieldKind({ key: "x" })).toBe("text");
    expect(fieldKind({ key: "x", href: "/docs" })).toBe("link");
  });

  it("FM-FIELD-016 the list input options are the eleven the specification names", () => {
    expect([...LIST_INPUT_OPTION_KEYS].sort()).toEqual(
      [
        "addKeys",
        "maxItems",
        "uniqueItems",
        "noDupes",
        "type",
        "pattern",
        "min",
        "max",
        "minItemLength",
        "maxItemLength",
        "showCsvUpload",
      ].sort(),
    );
  });
});
