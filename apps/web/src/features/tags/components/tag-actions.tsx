import { ActionIcon, Button, Group, Tooltip } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useTranslation, i18n } from "../../../lib/i18n";
import type { TagListItem as Tag } from "@netfleet/contracts/schemas/tags";
import { openDeletePrompt } from "../../../components/ui/dialog/delete-prompt";
import { openDialog } from "../../../components/ui/dialog/dialog-store";
import { useCan } from "../../../lib/viewer";
import { deleteTag } from "../api/delete-tag";
import { tagsListQueryKey } from "../api/list-tags";
import { editTagForm, newTagForm } from "../tag-form";

/** The reminder key of the delete prompt: "Do not show this again" is kept under it. */
export const DELETE_TAG_REMINDER = "delete-tag";

/** Opens the new-tag form in a dialog; the list reloads after it succeeds. */
export function openNewTag() {
  openDialog({
    id: "new-tag",
    title: i18n.t("tags:newTag"),
    form: newTagForm(),
    helpLinkKey: "tags.main",
  });
}

/** Opens one tag's edit form; each tag has its own dialog, so several can be open at once. */
export function openEditTag(tag: Tag) {
  openDialog({
    id: `edit-tag-${tag.id}`,
    title: i18n.t("tags:editTitle", { name: tag.name }),
    form: editTagForm(tag),
    helpLinkKey: "tags.main",
    fullScreenControl: true,
  });
}

/** Asks before deleting a tag, unless the user chose not to be asked again. */
export function openDeleteTag(tag: Tag, queryClient: QueryClient) {
  openDeletePrompt({
    id: `delete-tag-${tag.id}`,
    title: i18n.t("tags:deleteTitle", { name: tag.name }),
    message: i18n.t("tags:deleteText"),
    confirmText: i18n.t("tags:delete"),
    reminderKey: DELETE_TAG_REMINDER,
    helpLinkKey: "tags.main",
    item: i18n.t("tags:item"),
    remove: () => deleteTag(tag.id),
    queryClient,
    reloadKey: tagsListQueryKey,
  });
}

/** The "New tag" button of the tags page, for users who may create tags. */
export function NewTagButton() {
  const { t } = useTranslation("tags");
  const can = useCan();
  if (!can("create_tags")) return null;
  return (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openNewTag}>
      {t("newTag")}
    </Button>
  );
}

/** Edit and Delete of one row, each shown only with its permission. */
export function TagRowActions({ tag }: { tag: Tag }) {
  const { t } = useTranslation("tags");
  const can = useCan();
  const queryClient = useQueryClient();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {can("update_tags") && (
        <Tooltip label={t("editNamed", { name: tag.name })} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t("editNamed", { name: tag.name })}
            onClick={() => openEditTag(tag)}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {can("delete_tags") && (
        <Tooltip label={t("deleteNamed", { name: tag.name })} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t("deleteNamed", { name: tag.name })}
            onClick={() => openDeleteTag(tag, queryClient)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
