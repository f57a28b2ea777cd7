import { type KeyboardEvent, useState } from "react";
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  ColorSwatch,
  Group,
  Checkbox,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { IconPencil, IconSearch, IconTags } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../lib/router";
import type {
  DeviceListEnvelope,
  DeviceListItem,
  DeviceTag,
} from "@netfleet/contracts/schemas/devices";
import { FORBIDDEN_NAME_CHARACTERS } from "@netfleet/contracts/constants";
import { hasForbiddenCharacters } from "@netfleet/contracts/names";
import { devicePath } from "../../../lib/current-route";
import { toApiRequestError } from "../../../lib/http";
import { devicesListQueryKey } from "../api/list-devices";
import { useTagOptions } from "../api/list-filter-options";
import { updateDevice } from "../api/update-device";
import classes from "./devices-table.module.css";

/** Puts what a write answered into every cached page that shows the device. */
function useApplyToCachedRows() {
  const queryClient = useQueryClient();
  return (updated: DeviceListItem) =>
    queryClient.setQueriesData<DeviceListEnvelope>(
      { queryKey: devicesListQueryKey },
      (old) =>
        old && {
          ...old,
          data: old.data.map((row) =>
            row.id === updated.id ? { ...row, name: updated.name, tags: updated.tags } : row,
          ),
        },
    );
}

/**
 * The name, a link to the device's page; with `editable` a pencil turns it into a field
 * that Enter saves and Escape leaves. A refused name keeps the field open with the reason.
 */
export function NameCell({ device, editable }: { device: DeviceListItem; editable: boolean }) {
  const { t } = useTranslation("devices");
  const apply = useApplyToCachedRows();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(device.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setEditing(false);
    setError(null);
    setValue(device.name);
  };

  const save = async () => {
    const name = value.trim();
    if (name === device.name) return close();
    if (!name) return setError(t("nameRequired"));
    if (hasForbiddenCharacters(name))
      return setError(t("nameForbidden", { characters: FORBIDDEN_NAME_CHARACTERS.join(" ") }));
    setSaving(true);
    try {
      apply(await updateDevice(device.id, { name }));
      setEditing(false);
      setError(null);
    } catch (failure) {
      setError(toApiRequestError(failure).message);
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      void save();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  if (editing) {
    return (
      <TextInput
        size="xs"
        miw={200}
        autoFocus
        data-autofocus
        aria-label={t("nameField", { name: device.name })}
        value={value}
        disabled={saving}
        error={error}
        description={error ? undefined : t("nameHint")}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        rightSection={saving ? <Loader size="xs" aria-label={t("saving")} /> : null}
      />
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Anchor
        component={Link}
        to={devicePath(device.id)}
        size="sm"
        fw={500}
        className={classes.name}
        title={device.name || undefined}
      >
        {device.name || "—"}
      </Anchor>
      {editable && (
        <Tooltip label={t("rename")} withArrow openDelay={300}>
          <ActionIcon
            variant="subtle"
            size="sm"
            color="gray"
            className={classes.editButton}
            aria-label={t("renameDevice", { name: device.name })}
            onClick={() => {
              setValue(device.name);
              setEditing(true);
            }}
          >
            <IconPencil size={14} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** A device's tags as coloured chips. */
function TagChips({ tags }: { tags: readonly DeviceTag[] }) {
  if (tags.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap">
      {tags.map((tag) => (
        <Badge
          key={tag.id}
          variant="light"
          color="gray"
          size="sm"
          tt="none"
          radius="sm"
          leftSection={
            <ColorSwatch
              color={tag.color ?? "var(--mantine-color-gray-5)"}
              size={8}
              withShadow={false}
              aria-hidden
            />
          }
        >
          {tag.name}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * The tags; with `editable` a button opens a picker of the tags of the user's company tree
 * (searched on the server), saved together.
 */
export function TagsCell({ device, editable }: { device: DeviceListItem; editable: boolean }) {
  const { t } = useTranslation("devices");
  const apply = useApplyToCachedRows();
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [search, setSearch] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const options = useTagOptions(search.trim(), opened);
  // Tags the device has stay in the list whatever the search, so they can be taken off.
  const choices = new Map<string, string>(
    search.trim() ? [] : device.tags.map((tag) => [String(tag.id), tag.name]),
  );
  for (const tag of options.data ?? []) choices.set(String(tag.id), tag.name);

  const open = () => {
    setChosen(device.tags.map((tag) => String(tag.id)));
    setError(null);
    setSearch("");
    setOpened(true);
  };

  const save = async () => {
    setSaving(true);
    try {
      apply(await updateDevice(device.id, { tag_id: chosen.map(Number) }));
      setOpened(false);
    } catch (failure) {
      setError(toApiRequestError(failure).message);
    } finally {
      setSaving(false);
    }
  };

  if (!editable) return <TagChips tags={device.tags} />;
  return (
    <Group gap={4} wrap="nowrap">
      <TagChips tags={device.tags} />
      <Popover
        opened={opened}
        onChange={setOpened}
        trapFocus
        returnFocus
        position="bottom-start"
        withArrow
        shadow="md"
        width={300}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="sm"
            color="gray"
            className={classes.editButton}
            aria-label={t("editTags", { name: device.name })}
            aria-expanded={opened}
            data-expanded={opened || undefined}
            onClick={() => (opened ? setOpened(false) : open())}
          >
            <IconTags size={14} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <TextInput
              size="xs"
              type="search"
              label={t("tagsField", { name: device.name })}
              placeholder={t("tagsSearch")}
              leftSection={<IconSearch size={14} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              data-autofocus
            />
            <ScrollArea.Autosize mah={220} type="auto">
              <Checkbox.Group value={chosen} onChange={setChosen} aria-label={t("colTags")}>
                <Stack gap={6} py={2}>
                  {[...choices].map(([value, label]) => (
                    <Checkbox key={value} value={value} label={label} size="sm" />
                  ))}
                  {choices.size === 0 && (
                    <Text size="sm" c="dimmed">
                      {options.isPending ? t("loading") : t("noTags")}
                    </Text>
                  )}
                </Stack>
              </Checkbox.Group>
            </ScrollArea.Autosize>
            {error && (
              <Text size="sm" c="red" role="alert">
                {error}
              </Text>
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" size="xs" onClick={() => setOpened(false)}>
                {t("cancel")}
              </Button>
              <Button size="xs" loading={saving} onClick={() => void save()}>
                {t("save")}
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
