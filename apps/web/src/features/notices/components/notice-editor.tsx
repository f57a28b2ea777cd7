import { useId, useState } from "react";
import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import { IconAlertCircle, IconPlus } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { type ManagedNotice, NOTICE_TYPES } from "@netfleet/contracts/schemas/notices";
import { useZodForm } from "../../../components/ui/form/use-zod-form";
import { useZodFormSubmit } from "../../../components/ui/form/use-zod-form-submit";
import { selectedTimezone } from "../../../lib/timezone";
import { useCreateNotice } from "../api/create-notice";
import { useUpdateNotice } from "../api/update-notice";
import { initialNoticeValues, noticeFormSchema, toNoticeInput } from "../notice-form";
import { NoticeMessage, noticeTypeLabel } from "./notice-message";

interface NoticeFormProps {
  /** The notice being edited; null for a new one. */
  notice: ManagedNotice | null;
  onDone: () => void;
}

function NoticeForm({ notice, onDone }: NoticeFormProps) {
  const { t } = useTranslation("notices");
  const { t: tc } = useTranslation("common");
  const form = useZodForm(noticeFormSchema, initialNoticeValues(notice));
  const create = useCreateNotice();
  const update = useUpdateNotice();
  const submit = useZodFormSubmit(form, {
    send: (values) => {
      const input = toNoticeInput(values);
      return notice ? update.mutateAsync({ id: notice.id, input }) : create.mutateAsync(input);
    },
    onSuccess: () => {
      notifications.show({ color: "teal", message: t(notice ? "updated" : "created") });
      onDone();
    },
  });
  const previewId = useId();

  const message = form.getValues().message;
  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label={t(notice ? "editNotice" : "newNotice")}>
      {/* Always mounted: screen readers announce changes to a region they already know. */}
      <div role="alert">
        {submit.alert && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            role="presentation"
            mb="md"
          >
            {submit.alert}
          </Alert>
        )}
      </div>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label={t("fieldType")}
            data={NOTICE_TYPES.map((type) => ({ value: type, label: noticeTypeLabel(type, t) }))}
            allowDeselect={false}
            required
            key={form.key("type")}
            {...form.getInputProps("type")}
          />
          <TextInput
            type="datetime-local"
            label={t("fieldShowFrom")}
            description={t("showFromHint", { zone: selectedTimezone() })}
            required
            key={form.key("enabled_at")}
            {...form.getInputProps("enabled_at")}
          />
        </SimpleGrid>
        <Textarea
          label={t("fieldMessage")}
          description={t("messageHint")}
          required
          rows={4}
          resize="vertical"
          data-autofocus
          key={form.key("message")}
          {...form.getInputProps("message")}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={previewId}>
            {t("preview")}
          </Text>
          <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-body)">
            <section aria-labelledby={previewId}>
              {message.trim() ? (
                <NoticeMessage html={message} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t("previewEmpty")}
                </Text>
              )}
            </section>
          </Paper>
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {tc("cancel")}
          </Button>
          <Button type="submit" loading={submit.waiting}>
            {t(notice ? "save" : "create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The create-and-edit dialog of the notices page: `openNew` and `openEdit` open it, and
 * `modal` is placed once in the page. Each opening starts from fresh values.
 */
export function useNoticeEditor() {
  const { t } = useTranslation("notices");
  const [state, setState] = useState<{
    opened: boolean;
    notice: ManagedNotice | null;
    session: number;
  }>({ opened: false, notice: null, session: 0 });
  const open = (notice: ManagedNotice | null) =>
    setState((s) => ({ opened: true, notice, session: s.session + 1 }));
  // The notice stays while the dialog fades out, so its title does not change mid-way.
  const close = () => setState((s) => ({ ...s, opened: false }));

  return {
    openNew: () => open(null),
    openEdit: (notice: ManagedNotice) => open(notice),
    modal: (
      <Modal
        opened={state.opened}
        onClose={close}
        title={t(state.notice ? "editNotice" : "newNotice")}
        size="lg"
        centered
      >
        <NoticeForm key={state.session} notice={state.notice} onDone={close} />
      </Modal>
    ),
  };
}

export function NewNoticeButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation("notices");
  return (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onClick}>
      {t("newNotice")}
    </Button>
  );
}
