import type { ReactNode } from "react";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { DialogHost } from "../../../components/ui/dialog/dialog-host";
import { closeAllDialogs } from "../../../components/ui/dialog/dialog-store";
import { SchemaForm } from "../../../components/ui/form/schema-form";
import { registeredForm } from "../../../app/form-registry";
import { CURRENT_USER_KEY } from "../../../lib/viewer";
import { failure, fakeApi, success } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { testUser } from "../../../test/users";
import { AddDeviceForm } from "./add-device-body";
import { addDeviceRouteForm } from "./add-device-form";

afterEach(() => {
  act(() => {
    closeAllDialogs();
    notifications.clean();
  });
});

/** The signed-in user, in "Netfleet Demo" (id 1), as start-up leaves them in the cache. */
function SignedIn({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  if (!client.getQueryData(CURRENT_USER_KEY)) {
    client.setQueryData(CURRENT_USER_KEY, testUser({ permissions: ["create_devices"] }));
  }
  return children;
}

function renderForm(ui: ReactNode = <AddDeviceForm />) {
  return renderPage(
    <SignedIn>
      {ui}
      <DialogHost />
    </SignedIn>,
  );
}

const textbox = (name: string | RegExp) => screen.getByRole("textbox", { name });
const created = (count: number) => ({
  status: 201,
  body: { success: true, data: new Array(count).fill({}) },
});

describe("Add device: one device", () => {
  it("masks the MAC address as pairs of upper-case hex digits", async () => {
    const { user } = renderForm();
    await user.type(textbox("MAC address"), "001e42zzabcdef99");
    expect(textbox("MAC address")).toHaveValue("00:1E:42:AB:CD:EF");
  });

  it("starts in the user's company and refuses a missing or malformed serial and MAC", async () => {
    const api = fakeApi();
    const { user } = renderForm();
    expect(textbox("Company")).toHaveAttribute("placeholder", "Netfleet Demo");

    await user.click(screen.getByRole("button", { name: "Add device" }));
    expect(textbox("Serial number")).toHaveAccessibleDescription(/This field is required/);
    expect(textbox("MAC address")).toHaveAccessibleDescription(/This field is required/);

    await user.type(textbox("Serial number"), "ab");
    await user.type(textbox("MAC address"), "001E42");
    await user.click(screen.getByRole("button", { name: "Add device" }));
    expect(textbox("Serial number")).toHaveAccessibleDescription(
      /Enter the serial number printed on the device/,
    );
    expect(textbox("MAC address")).toHaveAccessibleDescription(
      /Enter a MAC address such as 00:1E:42:12:34:56/,
    );
    expect(api.calls("POST", "/api/devices")).toHaveLength(0);
  });

  it("sends the device as the one row of data, then reloads the device lists", async () => {
    const api = fakeApi().on("POST", "/api/devices", created(1));
    const { user, queryClient } = renderForm();
    queryClient.setQueryData(["devices", "list", { limit: 25, offset: 0 }], { data: [] });

    await user.type(textbox("Serial number"), "1100000001");
    await user.type(textbox("MAC address"), "001e42000001");
    await user.type(textbox("Name"), "Depot");
    await user.click(screen.getByRole("button", { name: "Add device" }));

    expect(await screen.findByText(/^Device added/)).toBeVisible();
    expect(api.calls("POST", "/api/devices")[0]?.body).toEqual({
      data: [{ company_id: 1, serial: "1100000001", mac: "00:1E:42:00:00:01", name: "Depot" }],
    });
    expect(
      queryClient.getQueryState(["devices", "list", { limit: 25, offset: 0 }])?.isInvalidated,
    ).toBe(true);
  });

  it("shows the server's refusal of the row under the field it names", async () => {
    fakeApi().on(
      "POST",
      "/api/devices",
      failure(
        409,
        "CONFLICT",
        "A device with this serial number is registered already.",
        "data.0.serial",
      ),
    );
    const { user } = renderForm();
    await user.type(textbox("Serial number"), "1100000001");
    await user.type(textbox("MAC address"), "001e42000001");
    await user.click(screen.getByRole("button", { name: "Add device" }));

    await waitFor(() =>
      expect(textbox("Serial number")).toHaveAccessibleDescription(
        /A device with this serial number is registered already\./,
      ),
    );
  });
});

const LIST = [
  "1100000001,00:1e:42:00:00:01,Depot",
  "1100000002,00:1E:42:00:00",
  "",
  "1100000001,00:1E:42:00:00:03",
].join("\n");

async function openMode(user: ReturnType<typeof renderForm>["user"], mode: string) {
  await user.click(screen.getByRole("radio", { name: mode }));
}

describe("Add device: list", () => {
  it("previews pasted lines with each row's problems and sends nothing while any remain", async () => {
    const api = fakeApi();
    const { user } = renderForm();
    await openMode(user, "List");
    await user.click(textbox("Devices"));
    await user.paste(LIST);

    expect(screen.getByText("Devices to add: 3, with problems: 2")).toBeVisible();
    const table = screen.getByRole("table", { name: "Devices to add" });
    // Each row, then its problems on a line of their own.
    expect(
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual([
      "RowSerial numberMAC addressName",
      "1110000000100:1e:42:00:00:01Depot",
      "2110000000200:1E:42:00:00",
      "Enter a MAC address such as 00:1E:42:12:34:56",
      "3110000000100:1E:42:00:00:03",
      "Serial number 1100000001 is also in row 1",
    ]);

    await user.click(screen.getByRole("button", { name: "Add devices (3)" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Fix the rows marked below, then add again.",
    );
    expect(api.calls("POST", "/api/devices")).toHaveLength(0);
  });

  it("puts the server's refusals on their rows and the company's under Company", async () => {
    const api = fakeApi().on("POST", "/api/devices", {
      status: 409,
      body: {
        success: false,
        errors: [
          {
            code: "CONFLICT",
            message: "A device with this serial number is registered already.",
            source: "data.1.serial",
          },
        ],
      },
    });
    const { user } = renderForm();
    await openMode(user, "List");
    await user.click(textbox("Devices"));
    await user.paste("1100000001,001E42000001\n1100000002,00-1E-42-00-00-02,Shop");
    await user.click(screen.getByRole("button", { name: "Add devices (2)" }));

    await waitFor(() => expect(api.calls("POST", "/api/devices")).toHaveLength(1));
    expect(api.calls("POST", "/api/devices")[0]?.body).toEqual({
      data: [
        { company_id: 1, serial: "1100000001", mac: "001E42000001" },
        { company_id: 1, serial: "1100000002", mac: "00-1E-42-00-00-02", name: "Shop" },
      ],
    });
    const table = screen.getByRole("table", { name: "Devices to add" });
    await within(table).findByText("A device with this serial number is registered already.");
    expect(
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual([
      "RowSerial numberMAC addressName",
      "11100000001001E42000001",
      "2110000000200-1E-42-00-00-02Shop",
      "A device with this serial number is registered already.",
    ]);
    expect(screen.getByText("Devices to add: 2, with problems: 1")).toBeVisible();

    api.on(
      "POST",
      "/api/devices",
      failure(404, "NOT_FOUND", "No such company.", "data.0.company_id"),
    );
    await user.click(screen.getByRole("button", { name: "Add devices (2)" }));
    await waitFor(() =>
      expect(textbox("Company")).toHaveAccessibleDescription(/No such company\./),
    );

    api.on("POST", "/api/devices", created(2));
    await user.click(screen.getByRole("button", { name: "Add devices (2)" }));
    expect(await screen.findByText(/^Devices added: 2\./)).toBeVisible();
  });
});

/** Chooses a file in the picker as the browser would, whatever its type. */
function chooseFile(container: HTMLElement, file: File) {
  const picker = container.querySelector('input[type="file"]');
  if (!picker) throw new Error("No file picker");
  fireEvent.change(picker, { target: { files: [file] } });
}

describe("Add device: from file", () => {
  it("reads a CSV with a header row, previews it and links the example file", async () => {
    const api = fakeApi().on("POST", "/api/devices", created(2));
    const { user, container } = renderForm();
    await openMode(user, "From file");
    expect(screen.getByRole("link", { name: "Download the example file" })).toHaveAttribute(
      "href",
      "/examples/add-devices-example.csv",
    );

    const csv =
      "name;serial;mac\r\nDepot;1100000001;00:1E:42:00:00:01\r\n\r\n;1100000002;00:1E:42:00:00:02\r\n";
    chooseFile(container, new File([csv], "devices.csv", { type: "text/csv" }));
    expect(await screen.findByText("Devices to add: 2")).toBeVisible();
    expect(screen.getByText("devices.csv")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Add devices (2)" }));
    await waitFor(() => expect(api.calls("POST", "/api/devices")).toHaveLength(1));
    expect(api.calls("POST", "/api/devices")[0]?.body).toEqual({
      data: [
        { company_id: 1, serial: "1100000001", mac: "00:1E:42:00:00:01", name: "Depot" },
        { company_id: 1, serial: "1100000002", mac: "00:1E:42:00:00:02" },
      ],
    });
  });

  it("FM-VALID-044 refuses a file that is not CSV, and asks for one on submit", async () => {
    const api = fakeApi();
    const { user, container } = renderForm();
    await openMode(user, "From file");
    await user.click(screen.getByRole("button", { name: "Add devices" }));
    expect(screen.getByText("This field is required")).toBeVisible();

    chooseFile(container, new File(["a,b"], "devices.xlsx", { type: "application/vnd.ms-excel" }));
    expect(await screen.findByText("Not a CSV file selected")).toBeVisible();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(api.calls("POST", "/api/devices")).toHaveLength(0);
  });
});

describe("Add device: agent", () => {
  const TOKEN = "nf_enr_first";

  it("shows the company's token and the exact commands, each copied by its button", async () => {
    fakeApi().on("GET", "/api/companies/1/enrolment-token", success({ token: TOKEN }));
    const { user } = renderForm(<AddDeviceForm mode="agent" />);
    const origin = window.location.origin;
    const simulate = `npx netfleet-agent simulate --server ${origin} --token ${TOKEN} --devices 10`;
    const run = `npx netfleet-agent run --server ${origin} --token ${TOKEN}`;

    expect(await screen.findByLabelText("Enrolment token")).toHaveTextContent(TOKEN);
    expect(screen.getByLabelText("Simulate devices")).toHaveTextContent(simulate);
    expect(screen.getByLabelText("Enrol a Linux host")).toHaveTextContent(run);

    await user.click(screen.getByRole("button", { name: "Copy: Simulate devices" }));
    expect(await navigator.clipboard.readText()).toBe(simulate);
    await user.click(screen.getByRole("button", { name: "Copy: Enrol a Linux host" }));
    expect(await navigator.clipboard.readText()).toBe(run);
  });

  it("replaces the token only after the confirmation that enrolled devices keep working", async () => {
    const api = fakeApi()
      .on("GET", "/api/companies/1/enrolment-token", success({ token: TOKEN }))
      .on("POST", "/api/companies/1/enrolment-token", success({ token: "nf_enr_second" }));
    const { user } = renderForm(<AddDeviceForm mode="agent" />);
    await screen.findByLabelText("Enrolment token");

    await user.click(screen.getByRole("button", { name: "Replace token" }));
    let prompt = await screen.findByRole("dialog", { name: "Replace the enrolment token?" });
    expect(prompt).toHaveTextContent("Devices already enrolled keep working");
    await user.click(within(prompt).getByRole("button", { name: "Cancel" }));
    expect(api.calls("POST", "/api/companies/1/enrolment-token")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Replace token" }));
    prompt = await screen.findByRole("dialog", { name: "Replace the enrolment token?" });
    await user.click(within(prompt).getByRole("button", { name: "Replace token" }));

    expect(await screen.findByText("Enrolment token replaced")).toBeVisible();
    expect(api.calls("POST", "/api/companies/1/enrolment-token")).toHaveLength(1);
    expect(screen.getByLabelText("Enrolment token")).toHaveTextContent("nf_enr_second");
    expect(screen.getByLabelText("Simulate devices")).toHaveTextContent("--token nf_enr_second");
  });

  it("says so when the token cannot be loaded", async () => {
    fakeApi().on(
      "GET",
      "/api/companies/1/enrolment-token",
      failure(403, "FORBIDDEN", "You may not add devices."),
    );
    renderForm(<AddDeviceForm mode="agent" />);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The enrolment token could not be loaded.",
    );
  });
});

describe("the add-device form page", () => {
  it("is registered for /forms/add-device and offers the other ways in the dialog", async () => {
    const loader = registeredForm("add-device");
    expect(loader).toBeDefined();
    const schema = await (await loader!())({});
    expect(schema.name).toBe("add-device");

    fakeApi();
    const { user } = renderForm(<SchemaForm schema={addDeviceRouteForm()} onRoute />);
    expect(textbox("Serial number")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "List" }));
    const dialog = await screen.findByRole("dialog", { name: "Add device" });
    expect(await within(dialog).findByRole("radio", { name: "List" })).toBeChecked();
    expect(within(dialog).getByRole("textbox", { name: "Devices" })).toBeVisible();
  });
});
