import { ActionIcon, Button, Group, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import { IconDownload, IconTrash, IconUpload } from "@tabler/icons-react";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation, i18n } from "../../../lib/i18n";
import type { FileListItem } from "@netfleet/contracts/schemas/files";
import { openDeletePrompt } from "../../../components/ui/dialog/delete-prompt";
import { openDialog } from "../../../components/ui/dialog/dialog-store";
import { download } from "../../../lib/download";
import { toApiRequestError } from "../../../lib/http";
import { useCan } from "../../../lib/viewer";
import { FILE_DOWNLOAD_PATH, deleteFile, filesListQueryKey } from "../api/list-files";
import { uploadFileForm } from "../file-form";

export const DELETE_FILE_REMINDER = "delete-file";

export function openUploadFile({ global = false } = {}) {
  openDialog({
    id: global ? "upload-global-firmware" : "upload-file",
    title: i18n.t(global ? "files:uploadGlobal" : "files:upload"),
    form: uploadFileForm({ global }),
    helpLinkKey: "management.files",
  });
}

function openDeleteFile(file: FileListItem, queryClient: QueryClient) {
  openDeletePrompt({
    id: `delete-file-${file.id}`,
    title: i18n.t("files:deleteTitle", { name: file.name }),
    message: i18n.t("files:deleteText"),
    confirmText: i18n.t("files:delete"),
    reminderKey: DELETE_FILE_REMINDER,
    helpLinkKey: "management.files",
    item: i18n.t("files:item"),
    remove: () => deleteFile(file.id),
    queryClient,
    reloadKey: filesListQueryKey,
  });
}

/**
 * The "Upload file" button for users who may upload; `global` uploads firmware for every
 * company, which takes the global permission too.
 */
export function UploadFileButton({ global = false }: { global?: boolean }) {
  const { t } = useTranslation("files");
  const can = useCan();
  if (!can("upload_files") || (global && !can("upload_files_global_scope"))) return null;
  return (
    <Button
      leftSection={<IconUpload size={16} aria-hidden />}
      onClick={() => openUploadFile({ global })}
    >
      {t(global ? "uploadGlobal" : "upload")}
    </Button>
  );
}

/**
 * Download, and Delete for users who may upload (global firmware only with the global
 * permission; the server says no otherwise).
 */
export function FileRowActions({ file }: { file: FileListItem }) {
  const { t } = useTranslation("files");
  const can = useCan();
  const queryClient = useQueryClient();
  const saving = useMutation({
    mutationFn: () =>
      download(FILE_DOWNLOAD_PATH, { params: { id: file.id }, fallbackName: file.name }),
    onError: (error) =>
      notifications.show({ color: "red", message: toApiRequestError(error).message }),
  });
  const mayDelete =
    can("upload_files") && (file.company_id !== null || can("upload_files_global_scope"));
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t("download", { name: file.name })} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t("download", { name: file.name })}
          loading={saving.isPending}
          onClick={() => saving.mutate()}
        >
          <IconDownload size={16} />
        </ActionIcon>
      </Tooltip>
      {mayDelete && (
        <Tooltip label={t("deleteNamed", { name: file.name })} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t("deleteNamed", { name: file.name })}
            onClick={() => openDeleteFile(file, queryClient)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
