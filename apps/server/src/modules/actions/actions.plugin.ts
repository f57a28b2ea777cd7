import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { deviceBulkActions } from "../devices/device-bulk-actions";
import { deviceTaskActions } from "../devices/device-task-actions";
import { deviceUpdateActions } from "../devices/device-updates";
import { tagActions } from "../devices/devices-edit";
import { type ActionEngine, createActionEngine } from "./action-engine";

declare module "fastify" {
  interface FastifyInstance {
    /** The action engine every bulk action runs on. */
    actions: ActionEngine;
  }
}

/**
 * The action engine with every action defined, its workers started when the server is
 * ready (resuming what a stop interrupted) and stopped when it closes.
 */
export const actionsPlugin = fp(
  async (app: FastifyInstance) => {
    const engine = createActionEngine({
      database: app.ctx.database,
      realtime: app.ctx.realtime,
      definitions: {
        ...tagActions,
        ...deviceBulkActions,
        ...deviceTaskActions(app.devices.traffic),
        ...deviceUpdateActions(app.devices.traffic),
      },
      log: app.log.child({ module: "actions" }),
    });
    app.devices.traffic.followActions(engine);
    // A fast action may end before its requester listens: joining tells where it stands.
    app.ctx.realtime.replayChannel("private-status", (channel) => engine.replay(channel));
    app.decorate("actions", engine);
    app.addHook("onReady", () => engine.start());
    app.addHook("onClose", () => engine.stop());
  },
  { name: "actions", dependencies: ["devices-gateway"] },
);
