import { useState, type UIEvent } from "react";
import {
  Combobox,
  Group,
  InputBase,
  Loader,
  Pill,
  PillsInput,
  Text,
  useCombobox,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconCheck } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { inputProps, type FieldProps } from "./field-props";
import { pillRemoveProps } from "./pill-remove-props";
import type { ItemSource } from "./form-types";
import { useItemOptions, type ItemOption } from "./use-item-options";

/** How long typing settles before the search goes to the server. */
export const ITEM_SEARCH_DEBOUNCE_MS = 300;
/** Distance from the dropdown's end, in pixels, at which the next page is asked for. */
const NEXT_PAGE_THRESHOLD_PX = 24;

type Chosen = string | number;

// The dropdown stays open while the input scrolls inside a dialog body, as the console's
// other dropdowns do.
const COMBOBOX_PROPS = { hideDetached: false } as const;

function chosenValues(value: unknown): Chosen[] {
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  return list.filter(
    (v): v is Chosen => (typeof v === "string" && v !== "") || typeof v === "number",
  );
}

/**
 * An `ItemSelect` field: a searchable select whose options come from `field.source`
 * (server-side search, pages of 100, the next page on scrolling to the end); `multiple`
 * chooses several. A chosen option's label stays shown when its page is not loaded.
 */
export function ItemSelect(props: FieldProps) {
  return <SourceSelect {...props} source={props.field.source ?? { endpoint: "" }} />;
}

/** The select behind ItemSelect and DeviceSelect, over an explicit source. */
export function SourceSelect(props: FieldProps & { source: ItemSource }) {
  const { field, form, source } = props;
  const { t } = useTranslation("forms");
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), ITEM_SEARCH_DEBOUNCE_MS);
  const [labels, setLabels] = useState<Record<string, string>>({ ...source.labels });
  const opened = combobox.dropdownOpened;
  const query = useItemOptions(source, q, opened);
  const options = query.data ?? [];
  const { rightSection: _addon, ...rest } = inputProps(props);
  const chosen = chosenValues(form.getValues()[field.key]);
  const isChosen = (option: ItemOption) => chosen.some((v) => String(v) === option.value);
  const labelOf = (value: Chosen) =>
    options.find((o) => o.value === String(value))?.label ?? labels[String(value)] ?? String(value);

  const choose = (key: string) => {
    const option = options.find((o) => o.value === key);
    if (!option) return;
    setLabels((known) => ({ ...known, [option.value]: option.label }));
    if (field.multiple) {
      const next = isChosen(option)
        ? chosen.filter((v) => String(v) !== option.value)
        : [...chosen, option.raw];
      form.setValue(field.key, next);
      setSearch("");
    } else {
      form.setValue(field.key, option.raw);
      setSearch("");
      combobox.closeDropdown();
    }
  };

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - NEXT_PAGE_THRESHOLD_PX;
    if (atEnd && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };

  const dropdown = (
    <Combobox.Dropdown>
      <Combobox.Options mah={240} style={{ overflowY: "auto" }} onScroll={onScroll}>
        {query.isPending ? (
          <Combobox.Empty>{t("loading")}</Combobox.Empty>
        ) : query.isError ? (
          <Combobox.Empty>
            <Text size="sm" c="red">
              {t("loadFailed")}
            </Text>
          </Combobox.Empty>
        ) : options.length === 0 ? (
          <Combobox.Empty>{t("noResults")}</Combobox.Empty>
        ) : (
          options.map((option) => (
            <Combobox.Option key={option.value} value={option.value} active={isChosen(option)}>
              <Group gap="xs" wrap="nowrap">
                {isChosen(option) ? <IconCheck size={14} aria-hidden /> : null}
                <span>{option.label}</span>
              </Group>
            </Combobox.Option>
          ))
        )}
        {query.isFetchingNextPage ? (
          <Group justify="center" p={4}>
            <Loader size="xs" aria-label={t("loading")} />
          </Group>
        ) : null}
      </Combobox.Options>
    </Combobox.Dropdown>
  );

  const typing = (value: string) => {
    setSearch(value);
    combobox.openDropdown();
    combobox.updateSelectedOptionIndex();
  };

  if (field.multiple) {
    return (
      <Combobox
        {...COMBOBOX_PROPS}
        store={combobox}
        onOptionSubmit={choose}
        disabled={rest.disabled}
      >
        <Combobox.DropdownTarget>
          <PillsInput
            {...rest}
            onClick={() => combobox.openDropdown()}
            rightSection={<Combobox.Chevron />}
          >
            <Pill.Group>
              {chosen.map((value) => (
                <Pill
                  key={String(value)}
                  withRemoveButton={!rest.disabled}
                  removeButtonProps={pillRemoveProps(t("removeItem", { item: labelOf(value) }))}
                  onRemove={() =>
                    form.setValue(
                      field.key,
                      chosen.filter((v) => v !== value),
                    )
                  }
                >
                  {labelOf(value)}
                </Pill>
              ))}
              <Combobox.EventsTarget>
                <PillsInput.Field
                  value={search}
                  placeholder={chosen.length === 0 ? field.placeholder : undefined}
                  disabled={rest.disabled}
                  onFocus={() => combobox.openDropdown()}
                  onBlur={() => combobox.closeDropdown()}
                  onChange={(event) => typing(event.currentTarget.value)}
                />
              </Combobox.EventsTarget>
            </Pill.Group>
          </PillsInput>
        </Combobox.DropdownTarget>
        {dropdown}
      </Combobox>
    );
  }

  const current = chosen[0];
  return (
    <Combobox {...COMBOBOX_PROPS} store={combobox} onOptionSubmit={choose} disabled={rest.disabled}>
      <Combobox.Target>
        <InputBase
          {...rest}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          value={opened ? search : current === undefined ? "" : labelOf(current)}
          placeholder={current === undefined ? field.placeholder : labelOf(current)}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            setSearch("");
          }}
          onChange={(event) => typing(event.currentTarget.value)}
        />
      </Combobox.Target>
      {dropdown}
    </Combobox>
  );
}
