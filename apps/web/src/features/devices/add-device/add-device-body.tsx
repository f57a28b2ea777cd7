import { useMemo, useState } from "react";
import { SegmentedControl, Stack } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import type { DialogBodyProps } from "../../../components/ui/dialog/dialog-types";
import { SchemaForm } from "../../../components/ui/form/schema-form";
import { useSignedInUser } from "../../../lib/viewer";
import {
  ADD_DEVICE_MODES,
  type AddDeviceDialogProps,
  type AddDeviceMode,
} from "./add-device-dialog";
import { addDeviceForm, type CompanyChoice } from "./add-device-form";
import { AgentMode } from "./agent-mode";
import { DeviceRowsForm } from "./rows-form";

const MODE_LABELS = {
  one: "modeOne",
  list: "modeList",
  file: "modeFile",
  agent: "modeAgent",
} as const satisfies Record<AddDeviceMode, string>;

export interface AddDeviceFormProps {
  mode?: AddDeviceMode | undefined;
  /** The dialog it is the body of: Cancel and success close it. */
  dialog?: DialogBodyProps;
  /** On a page of its own: Cancel and success go back. */
  onRoute?: boolean;
}

/**
 * Add device (forms: add-device): one device by serial number and MAC, a pasted list, a
 * CSV file, or an agent that enrols devices itself. Each mode starts in the signed-in
 * user's own company.
 */
export function AddDeviceForm({ mode: initial = "one", dialog, onRoute }: AddDeviceFormProps) {
  const { t } = useTranslation("add-device");
  const [mode, setMode] = useState<AddDeviceMode>(initial);
  const own = useSignedInUser()?.company;
  const [ownId, ownName] = [own?.id, own?.name ?? ""];
  // Kept while the user's company stays the same, so the forms are not rebuilt.
  const company = useMemo<CompanyChoice | undefined>(
    () => (ownId === undefined ? undefined : { id: ownId, name: ownName }),
    [ownId, ownName],
  );
  const oneDevice = useMemo(() => addDeviceForm(company), [company]);

  return (
    <Stack gap="md">
      <SegmentedControl
        fullWidth
        aria-label={t("modesLabel")}
        value={mode}
        onChange={setMode}
        data={ADD_DEVICE_MODES.map((value) => ({ value, label: t(MODE_LABELS[value]) }))}
      />
      {mode === "one" && <SchemaForm schema={oneDevice} dialog={dialog} onRoute={onRoute} />}
      {(mode === "list" || mode === "file") && (
        <DeviceRowsForm
          key={mode}
          kind={mode}
          company={company}
          dialog={dialog}
          onRoute={onRoute}
        />
      )}
      {mode === "agent" && <AgentMode company={company} />}
    </Stack>
  );
}

/** The body of the `device-add-form` dialog. */
export function AddDeviceDialogBody({
  mode,
  dialogId,
  close,
  scrollToTop,
}: AddDeviceDialogProps & DialogBodyProps) {
  return <AddDeviceForm mode={mode} dialog={{ dialogId, close, scrollToTop }} />;
}

/** The body of the `device-add-from-file` dialog. */
export function AddDeviceFromFileBody(props: DialogBodyProps) {
  return <AddDeviceForm mode="file" dialog={props} />;
}

/** The body of the `device-add-list` dialog. */
export function AddDeviceListBody(props: DialogBodyProps) {
  return <AddDeviceForm mode="list" dialog={props} />;
}
