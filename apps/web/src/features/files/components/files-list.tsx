import type { ReactNode } from "react";
import { IconFiles } from "@tabler/icons-react";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import type { FileListItem as StoredFile } from "@netfleet/contracts/schemas/files";
import { ServerList, useUrlListState } from "../../../components/ui/server-list";
import {
  type ListTableProps,
  SortableTable,
  type TableColumn,
} from "../../../components/ui/sortable-table";
import { formatBytes, formatDateTime } from "../../../lib/format";
import { type FileSortKey, type ListFilesParams, useFiles } from "../api/list-files";
import { FILE_TYPE_LABELS } from "../file-form";
import { DELETE_FILE_REMINDER, FileRowActions } from "./file-actions";

const SORT_KEYS = [
  "id",
  "name",
  "type",
  "file_size",
  "created_at",
] as const satisfies readonly FileSortKey[];

function fileColumns(t: TFunction<"files">): TableColumn<StoredFile, FileSortKey>[] {
  return [
    { id: "name", label: t("colName"), firstSort: "asc", render: (file) => file.name },
    {
      id: "type",
      label: t("colType"),
      firstSort: "asc",
      render: (file) => t(FILE_TYPE_LABELS[file.type]),
    },
    { id: "version", label: t("colVersion"), render: (file) => file.version || "—" },
    { id: "device_model", label: t("colModel"), render: (file) => file.device_model || "—" },
    {
      id: "file_size",
      label: t("colSize"),
      firstSort: "desc",
      render: (file) => formatBytes(file.file_size),
    },
    {
      id: "company_name",
      label: t("colCompany"),
      render: (file) => file.company_name ?? t("allCompanies"),
    },
    {
      id: "created_at",
      label: t("colCreated"),
      firstSort: "desc",
      render: (file) => formatDateTime(file.created_at),
    },
    { id: "actions", label: t("colActions"), render: (file) => <FileRowActions file={file} /> },
  ];
}

function FilesTable(props: ListTableProps<StoredFile, FileSortKey>) {
  const { t } = useTranslation("files");
  return <SortableTable {...props} label={t("table")} columns={fileColumns(t)} minWidth={980} />;
}

/** A list of stored files, searched, sorted and paged on the server; `narrow` filters it. */
function StoredFilesList({
  id,
  narrow = {},
  emptyTitle,
  emptyText,
  table,
}: {
  id: string;
  narrow?: Pick<ListFilesParams, "type" | "company_id">;
  emptyTitle: string;
  emptyText: string;
  table: (props: ListTableProps<StoredFile, FileSortKey>) => ReactNode;
}) {
  const { t } = useTranslation("files");
  const list = useUrlListState({ id, pageSize: 25, sortKeys: SORT_KEYS });
  const files = useFiles({ ...list.params, ...narrow });
  return (
    <ServerList
      list={list}
      result={files}
      searchLabel={t("search")}
      searchPlaceholder={t("searchPlaceholder")}
      errorTitle={t("loadFailed")}
      icon={<IconFiles size={24} />}
      emptyTitle={emptyTitle}
      emptyText={emptyText}
      noMatchTitle={t("noMatch", { query: list.q })}
      noMatchText={t("noMatchText")}
      reminderLabels={{ [DELETE_FILE_REMINDER]: t("reminderDeleteFile") }}
    >
      {table}
    </ServerList>
  );
}

/** The files of the user's company tree and global firmware. */
export function FilesList() {
  const { t } = useTranslation("files");
  return (
    <StoredFilesList
      id="files"
      emptyTitle={t("emptyTitle")}
      emptyText={t("emptyText")}
      table={(props) => <FilesTable {...props} />}
    />
  );
}

/** Every company shares these, so their type and company columns would say the same. */
const GLOBAL_HIDDEN = new Set(["type", "company_name"]);

/** Firmware shared with every company. */
export function GlobalFirmwareList() {
  const { t } = useTranslation("files");
  return (
    <StoredFilesList
      id="global-firmware"
      narrow={{ type: "firmware", company_id: "global" }}
      emptyTitle={t("globalEmptyTitle")}
      emptyText={t("globalEmptyText")}
      table={(props) => (
        <SortableTable
          {...props}
          label={t("globalTable")}
          columns={fileColumns(t).filter((column) => !GLOBAL_HIDDEN.has(column.id))}
          minWidth={760}
        />
      )}
    />
  );
}
