import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import { deviceFlags } from "@netfleet/contracts/devices/flags";
import { FIXED_ROLES, type FixedRoleName } from "@netfleet/contracts/roles";
import { DEVICES_STATUS_EVENT } from "@netfleet/contracts/schemas/device-activity";
import type { DeviceListEnvelope } from "@netfleet/contracts/schemas/devices";
import { setSessionState } from "../../lib/http";
import { createQueryClient } from "../../lib/query-client";
import { CURRENT_USER_KEY } from "../../lib/viewer";
import type { createFakeSocket } from "../../test/fake-socket";
import { testUser } from "../../test/users";
import { devicesListQueryKey } from "./api/list-devices";
import { useLiveDeviceStatus } from "./use-live-device-status";

const fake = vi.hoisted(() => ({
  current: undefined as ReturnType<typeof createFakeSocket> | undefined,
}));

vi.mock("socket.io-client", async () => {
  const { createFakeSocket: create } = await import("../../test/fake-socket");
  fake.current = create();
  return { io: () => fake.current?.socket };
});

/** A listed device of company 9, a top-level company the signed-in user does not belong to. */
const listed: DeviceListEnvelope = {
  success: true,
  data: [
    {
      id: 2,
      company_id: 9,
      company_name: "Elsewhere Ltd",
      name: "Router 2",
      serial: "1100000002",
      mac: "00:1E:42:00:00:02",
      model: "RUTX11",
      original_model: "RUTX11",
      firmware: "RUTX_R_00.07.06",
      status: 1,
      tags: [],
      latitude: null,
      longitude: null,
      altitude: null,
      created_at: "2025-01-02T03:04:05.000Z",
      updated_at: "2025-01-02T03:04:05.000Z",
      ...deviceFlags({ model: "RUTX11" }),
    },
  ],
  meta: { total: 1, total_capped: false },
};
const listKey = [...devicesListQueryKey, { offset: 0 }];

/** Mounts the hook for a user of company 4 with `role`, the device list already loaded. */
function renderFor(role: FixedRoleName) {
  const queryClient = createQueryClient();
  const { id, name, title } = FIXED_ROLES[role];
  queryClient.setQueryData(
    CURRENT_USER_KEY,
    testUser({
      company: { id: 4, name: "Home Ltd", level: 1, parent_id: 0, show_payment: true },
      role: { id, name, title },
    }),
  );
  queryClient.setQueryData(listKey, listed);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  renderHook(() => useLiveDeviceStatus(), { wrapper });
  return queryClient;
}

const subscribed = () =>
  fake.current!.sent.filter(([event]) => event === "subscribe").map(([, request]) => request);

beforeEach(() => {
  setSessionState("authenticated");
  fake.current?.sent.splice(0);
});

describe("live device status in the device list", () => {
  it.each(["super_admin", "support"] as const)(
    "keeps a %s's list current for devices of every company, through every company's channel",
    async (role) => {
      const queryClient = renderFor(role);
      await waitFor(() => expect(subscribed()).toEqual([{ channel: "private-devices.all" }]));

      fake.current!.push("private-devices.all", DEVICES_STATUS_EVENT, {
        devices: [{ id: 2, status: 0, last_seen_at: "2025-03-01 10:00:00" }],
        overflow: false,
      });
      expect(queryClient.getQueryData<DeviceListEnvelope>(listKey)!.data[0]).toMatchObject({
        status: 0,
        last_connection_at: "2025-03-01T10:00:00.000Z",
      });
    },
  );

  it("listens on the company's own channel for a user who sees only their company's tree", async () => {
    renderFor("admin");
    await waitFor(() => expect(subscribed()).toEqual([{ channel: "private-devices.4" }]));
  });
});
