import { describe, expect, it } from "vitest";
import { failure, fakeApi, success } from "../test/fake-api";
import { cancelPendingRequests, http, isCancelledRequest } from "./http";
import { loadEditFormData } from "./form-loaders";

async function getData(path: string): Promise<Record<string, unknown>> {
  const response = await http.get<{ data: Record<string, unknown> }>(path);
  return response.data.data;
}

describe("loadEditFormData", () => {
  it("gives the loaded data when the load succeeds", async () => {
    fakeApi().on("GET", "/api/automations/5", success({ id: 5, name: "Night reboot" }));
    await expect(loadEditFormData(() => getData("/api/automations/5"))).resolves.toEqual({
      id: 5,
      name: "Night reboot",
    });
  });

  it("FM-ERR-023 a failed edit-automation load gives empty data", async () => {
    fakeApi().on("GET", "/api/automations/5", failure(404, "NOT_FOUND", "No such automation."));
    await expect(loadEditFormData(() => getData("/api/automations/5"))).resolves.toEqual({});
  });

  it("FM-ERR-024 a failed edit-task-group load gives empty data", async () => {
    fakeApi().on("GET", "/api/devices/tasks/groups/9", failure(500, "INTERNAL", "Broken."));
    await expect(loadEditFormData(() => getData("/api/devices/tasks/groups/9"))).resolves.toEqual(
      {},
    );
  });

  it("passes on a load cancelled by leaving the page", async () => {
    fakeApi().on("GET", "/api/automations/5", () => new Promise(() => undefined));
    const load = loadEditFormData(() => getData("/api/automations/5"));
    cancelPendingRequests();
    const error: unknown = await load.catch((e: unknown) => e);
    expect(isCancelledRequest(error)).toBe(true);
  });
});
