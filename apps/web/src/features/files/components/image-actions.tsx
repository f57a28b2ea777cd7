import { ActionIcon, Button, Group, Tooltip } from "@mantine/core";
import { IconPencil, IconTrash, IconUpload } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation, i18n } from "../../../lib/i18n";
import type { Image } from "@netfleet/contracts/schemas/images";
import { openDeletePrompt } from "../../../components/ui/dialog/delete-prompt";
import { openDialog } from "../../../components/ui/dialog/dialog-store";
import { useCan, useSignedInUser } from "../../../lib/viewer";
import { deleteImage, imagesListQueryKey } from "../api/list-images";
import { editImageForm, uploadImageForm } from "../image-form";

export const DELETE_IMAGE_REMINDER = "delete-image";

/** The Images tab's "Upload image" button, for users who may upload. */
export function UploadImageButton() {
  const { t } = useTranslation("files");
  const can = useCan();
  const user = useSignedInUser();
  if (!user || !can("upload_files")) return null;
  const open = () =>
    openDialog({
      id: "upload-image",
      title: t("uploadImage"),
      form: uploadImageForm(user.company),
      helpLinkKey: "files.images",
    });
  return (
    <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={open}>
      {t("uploadImage")}
    </Button>
  );
}

/** Edit description and Delete, for users who may upload; nothing for the others. */
export function ImageRowActions({ image }: { image: Image }) {
  const { t } = useTranslation("files");
  const can = useCan();
  const queryClient = useQueryClient();
  if (!can("upload_files")) return null;
  const edit = () =>
    openDialog({
      id: `edit-image-${image.id}`,
      title: t("editImageTitle", { name: image.name }),
      form: editImageForm(image),
      helpLinkKey: "files.images",
    });
  const remove = () =>
    openDeletePrompt({
      id: `delete-image-${image.id}`,
      title: t("deleteImageTitle", { name: image.name }),
      message: t("deleteImageText"),
      confirmText: t("delete"),
      reminderKey: DELETE_IMAGE_REMINDER,
      helpLinkKey: "files.images",
      item: i18n.t("files:imageItem"),
      remove: () => deleteImage(image.id),
      queryClient,
      reloadKey: imagesListQueryKey,
    });
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t("editNamed", { name: image.name })} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t("editNamed", { name: image.name })}
          onClick={edit}
        >
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("deleteNamed", { name: image.name })} withArrow>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t("deleteNamed", { name: image.name })}
          onClick={remove}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
