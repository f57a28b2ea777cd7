import { type FormEvent, useMemo, useRef, useState } from "react";
import { Alert, Anchor, Button, FileButton, Group, Input, List, Stack, Text } from "@mantine/core";
import { IconDownload, IconFileUpload } from "@tabler/icons-react";
import { notifications } from "@mantine/notifications/store";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import { useQueryClient } from "@tanstack/react-query";
import {
  type DeviceAddBody,
  type DeviceAdded,
  parseDeviceLines,
} from "@netfleet/contracts/schemas/device-add";
import type { DialogBodyProps } from "../../../components/ui/dialog/dialog-types";
import { mapFormErrors } from "../../../components/ui/form/form-errors";
import { FormFields } from "../../../components/ui/form/form-fields";
import type { FormSchema } from "../../../components/ui/form/form-types";
import { csvFileProblem } from "../../../components/ui/form/list-rules";
import { useFieldForm } from "../../../components/ui/form/use-field-form";
import { useGoBack } from "../../../components/ui/form/use-form-submit";
import { useSubmitCycle } from "../../../components/ui/form/use-submit-cycle";
import {
  ADD_DEVICE_HELP_KEY,
  chosenIds,
  type CompanyChoice,
  companyField,
  DEVICES_QUERY_KEY,
  tagsField,
} from "./add-device-form";
import { addDevices } from "./api/add-devices";
import { devicesBody, rowProblems, type ServerProblems, serverProblems } from "./device-rows";
import { RowsPreview } from "./rows-preview";

/** The example CSV (public/examples), served from the app's base. */
export const ADD_DEVICES_EXAMPLE_CSV = `${import.meta.env.BASE_URL}examples/add-devices-example.csv`;

export interface DeviceRowsFormProps {
  /** A pasted list, or a CSV file read in the browser. */
  kind: "list" | "file";
  company: CompanyChoice | undefined;
  dialog?: DialogBodyProps;
  onRoute?: boolean;
}

/** The shared fields, and for a list the text area of its lines. */
function rowsSchema(
  kind: DeviceRowsFormProps["kind"],
  company: CompanyChoice | undefined,
  t: TFunction<"add-device">,
): FormSchema {
  return {
    name: kind === "list" ? "device-add-list" : "device-add-from-file",
    fields: [
      companyField(company),
      tagsField(),
      ...(kind === "list"
        ? [
            {
              key: "lines",
              label: t("fieldList"),
              type: "textarea" as const,
              required: true,
              subtext: t("listSubtext"),
              placeholder: t("listPlaceholder"),
            },
          ]
        : []),
    ],
    initialValues: { company_id: company?.id ?? null, tag_id: [], lines: "" },
    endpoint: "/api/devices",
    helpLinkKey: ADD_DEVICE_HELP_KEY,
  };
}

/**
 * Adding many devices at once, from pasted lines or a CSV file: the rows are read and
 * checked in the browser and shown before anything is sent, each with its problems; the
 * server's refusals come back to their rows. All rows are added or none. The rows are
 * not a field of the form, so it runs the submit cycle itself rather than through
 * `useFormSubmit`.
 */
export function DeviceRowsForm({ kind, company, dialog, onRoute }: DeviceRowsFormProps) {
  const { t } = useTranslation("add-device");
  const { t: tf } = useTranslation("forms");
  const { t: te } = useTranslation("form-errors");
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<{ text: string; problems: ServerProblems } | null>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const resetPicker = useRef<() => void>(null);

  const schema = useMemo(() => rowsSchema(kind, company, t), [kind, company, t]);
  const form = useFieldForm(schema);
  const values = form.getValues();
  const text =
    kind === "list" ? (typeof values.lines === "string" ? values.lines : "") : (file?.text ?? "");
  const lines = useMemo(() => parseDeviceLines(text), [text]);
  const client = useMemo(() => rowProblems(lines), [lines]);
  // What the server said about these very lines; an edit makes it stale.
  const fromServer = server?.text === text ? server.problems : null;

  const { waiting, submit } = useSubmitCycle<DeviceAddBody, DeviceAdded[]>({
    send: addDevices,
    onSuccess: (added) => {
      notifications.show({ color: "teal", message: t("addedMany", { count: added.length }) });
      void queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
      if (dialog) dialog.close();
      else if (onRoute) goBack?.();
    },
    onFailure: (error) => {
      const problems = serverProblems(error);
      if (problems) {
        setServer({ text, problems });
        setGeneral([...problems.list]);
        form.setErrors({ ...form.errors, ...problems.fields });
      } else {
        const mapped = mapFormErrors(error, { fields: [] });
        setGeneral([...mapped.general, ...mapped.fileErrors]);
      }
      dialog?.scrollToTop();
    },
  });

  const choose = async (picked: File | null) => {
    resetPicker.current?.();
    if (!picked) return;
    const problem = csvFileProblem(picked, tf);
    if (problem) {
      setFileError(problem);
      return;
    }
    try {
      setFile({ name: picked.name, text: await picked.text() });
      setFileError(null);
    } catch {
      setFileError(t("fileReadFailed"));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (waiting) return;
    setTried(true);
    setGeneral([]);
    const fieldsOk = form.validateForm();
    if (!fieldsOk || (kind === "file" && !file)) return;
    if (client.rows.size > 0 || client.list.length > 0) return;
    const body = devicesBody(lines, {
      companyId: typeof values.company_id === "number" ? values.company_id : null,
      tagIds: chosenIds(values.tag_id),
    });
    void submit(body);
  };

  const onCancel = () => {
    if (dialog) dialog.close();
    else if (onRoute) goBack?.();
  };

  const rowCount = (fromServer?.rows.size ?? 0) + client.rows.size;
  const alerts = [
    ...general,
    ...(tried ? client.list : []),
    ...(tried && rowCount > 0 ? [t("fixRows")] : []),
  ];

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {alerts.length > 0 && (
          <Alert color="red" role="alert" title={te("errorsTitle")}>
            {alerts.length === 1 ? (
              alerts[0]
            ) : (
              <List size="sm">
                {alerts.map((message, index) => (
                  <List.Item key={`${String(index)}-${message}`}>{message}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        <FormFields form={form} disabled={waiting} />
        {kind === "file" && (
          <Input.Wrapper
            label={t("fieldFile")}
            withAsterisk
            description={t("fileSubtext")}
            inputWrapperOrder={["label", "input", "description", "error"]}
            error={fileError ?? (tried && !file ? tf("required") : undefined)}
          >
            <Group gap="sm" mt={4}>
              <FileButton
                resetRef={resetPicker}
                accept=".csv,text/csv"
                onChange={(f) => void choose(f)}
              >
                {(props) => (
                  <Button
                    {...props}
                    size="xs"
                    variant="default"
                    disabled={waiting}
                    leftSection={<IconFileUpload size={14} aria-hidden />}
                  >
                    {t("chooseFile")}
                  </Button>
                )}
              </FileButton>
              <Text size="sm" c={file ? undefined : "dimmed"}>
                {file ? file.name : t("noFile")}
              </Text>
            </Group>
          </Input.Wrapper>
        )}
        {kind === "file" && (
          <Anchor size="sm" href={ADD_DEVICES_EXAMPLE_CSV} download>
            <Group gap={4} component="span">
              <IconDownload size={14} aria-hidden />
              {t("downloadExample")}
            </Group>
          </Anchor>
        )}
        {lines.length > 0 && (
          <RowsPreview lines={lines} client={client.rows} server={fromServer?.rows} />
        )}
        <Group justify="flex-end" gap="sm">
          {(dialog || onRoute) && (
            <Button variant="default" onClick={onCancel} disabled={waiting}>
              {te("cancel")}
            </Button>
          )}
          <Button type="submit" loading={waiting}>
            {lines.length > 0 ? t("addMany", { count: lines.length }) : t("addDevices")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
