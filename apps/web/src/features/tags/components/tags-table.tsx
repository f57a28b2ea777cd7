import { ColorSwatch, Group, Text } from "@mantine/core";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import type { TagListItem as Tag } from "@netfleet/contracts/schemas/tags";
import {
  type ListTableProps,
  SortableTable,
  type TableColumn,
} from "../../../components/ui/sortable-table";
import { formatDateTime } from "../../../lib/format";
import type { TagSortKey } from "../api/list-tags";
import { useCan } from "../../../lib/viewer";
import { TagRowActions } from "./tag-actions";

function tagColumns(t: TFunction<"tags">, withActions: boolean): TableColumn<Tag, TagSortKey>[] {
  const columns: TableColumn<Tag, TagSortKey>[] = [
    {
      id: "name",
      label: t("colName"),
      firstSort: "asc",
      render: (tag) => (
        <Group gap="xs" wrap="nowrap">
          {/* A tag without a colour of its own shows the default grey, as search does. */}
          <ColorSwatch
            color={tag.color ?? "var(--mantine-color-gray-5)"}
            size={14}
            withShadow={false}
            aria-hidden
          />
          <Text size="sm" fw={500}>
            {tag.name || "—"}
          </Text>
        </Group>
      ),
    },
    {
      id: "description",
      label: t("colDescription"),
      render: (tag) => (
        <Text size="sm" truncate="end" maw={360} title={tag.description ?? undefined}>
          {tag.description || "—"}
        </Text>
      ),
    },
    {
      id: "company_name",
      label: t("colCompany"),
      firstSort: "asc",
      render: (tag) => tag.company_name,
    },
    {
      id: "device_count",
      label: t("colDevices"),
      firstSort: "desc",
      render: (tag) => tag.devices_count,
    },
    {
      id: "created_at",
      label: t("colCreated"),
      firstSort: "desc",
      render: (tag) => formatDateTime(tag.created_at),
    },
  ];
  if (withActions) {
    columns.push({
      id: "actions",
      label: t("colActions"),
      render: (tag) => <TagRowActions tag={tag} />,
    });
  }
  return columns;
}

export function TagsTable(props: ListTableProps<Tag, TagSortKey>) {
  const { t } = useTranslation("tags");
  const can = useCan();
  const withActions = can("update_tags") || can("delete_tags");
  return (
    <SortableTable
      {...props}
      label={t("table")}
      columns={tagColumns(t, withActions)}
      minWidth={withActions ? 900 : 820}
    />
  );
}
