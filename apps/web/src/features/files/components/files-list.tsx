import { IconFiles } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { FileListItem as StoredFile } from "@netfleet/contracts/schemas/files";
import { ServerList, useUrlListState } from "../../../components/ui/server-list";
import {
  type ListTableProps,
  SortableTable,
  type TableColumn,
} from "../../../components/ui/sortable-table";
import { formatBytes, formatDateTime } from "../../../lib/format";
import { type FileSortKey, useFiles } from "../api/list-files";
import { FILE_TYPE_LABELS } from "../file-form";
import { DELETE_FILE_REMINDER, FileRowActions } from "./file-actions";

const SORT_KEYS = [
  "id",
  "name",
  "type",
  "file_size",
  "created_at",
] as const satisfies readonly FileSortKey[];

function FilesTable(props: ListTableProps<StoredFile, FileSortKey>) {
  const { t } = useTranslation("files");
  const columns: TableColumn<StoredFile, FileSortKey>[] = [
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
  return <SortableTable {...props} label={t("table")} columns={columns} minWidth={980} />;
}

/** The files of the user's company tree and global firmware, searched, sorted and paged on the server. */
export function FilesList() {
  const { t } = useTranslation("files");
  const list = useUrlListState({ id: "files", pageSize: 25, sortKeys: SORT_KEYS });
  const files = useFiles(list.params);
  return (
    <ServerList
      list={list}
      result={files}
      searchLabel={t("search")}
      searchPlaceholder={t("searchPlaceholder")}
      errorTitle={t("loadFailed")}
      icon={<IconFiles size={24} />}
      emptyTitle={t("emptyTitle")}
      emptyText={t("emptyText")}
      noMatchTitle={t("noMatch", { query: list.q })}
      noMatchText={t("noMatchText")}
      reminderLabels={{ [DELETE_FILE_REMINDER]: t("reminderDeleteFile") }}
    >
      {(table) => <FilesTable {...table} />}
    </ServerList>
  );
}
