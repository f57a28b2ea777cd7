import { Counter, Gauge, Histogram, type Registry } from "prom-client";

/** The tables the gateway writes: what it counts as written or shed. */
export type DeviceTable = "devices" | "device_telemetry" | "device_events" | "device_tasks";

/** What the gateway's buffers hold now, read when /metrics is scraped. */
export type PendingSizes = Record<"state" | "telemetry" | "activity" | "task_results", number>;

/**
 * The device side's metrics on /metrics: the traffic received and refused, what reached the
 * database and what was shed when it fell behind, how long flushes take, and the
 * connections. Sizes are read at scrape time from whatever `watch` was given.
 */
export function deviceMetrics(registry: Registry) {
  const sources: { pending: () => PendingSizes | null; connected: () => number | null } = {
    pending: () => null,
    connected: () => null,
  };
  const metrics = {
    received: new Counter({
      name: "netfleet_device_messages_received_total",
      help: "Messages devices published, by kind",
      labelNames: ["kind"] as const,
      registers: [registry],
    }),
    refused: new Counter({
      name: "netfleet_device_messages_refused_total",
      help: "Device messages refused as invalid (not JSON, not the protocol's schema), by kind",
      labelNames: ["kind"] as const,
      registers: [registry],
    }),
    stateRows: new Counter({
      name: "netfleet_device_state_rows_written_total",
      help: "Device states written to the devices table",
      registers: [registry],
    }),
    historyRows: new Counter({
      name: "netfleet_device_history_rows_written_total",
      help: "Rows written to the device history tables, by table",
      labelNames: ["table"] as const,
      registers: [registry],
    }),
    shed: new Counter({
      name: "netfleet_device_history_rows_shed_total",
      help: "Rows dropped because the database fell behind and their buffer was full, by table",
      labelNames: ["table"] as const,
      registers: [registry],
    }),
    flushDuration: new Histogram({
      name: "netfleet_device_flush_duration_seconds",
      help: "Time to write one batch of device traffic (one transaction)",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    flushFailures: new Counter({
      name: "netfleet_device_flush_failures_total",
      help: "Batches of device traffic the database refused (their rows are lost)",
      registers: [registry],
    }),
    held: new Counter({
      name: "netfleet_device_messages_held_total",
      help: "Device messages the broker held back until the gateway took its backlog",
      registers: [registry],
    }),
    refusedConnections: new Counter({
      name: "netfleet_device_connections_refused_total",
      help: "Device connections the broker refused: wrong credentials, or waiting out a back-off",
      labelNames: ["reason"] as const,
      registers: [registry],
    }),
    /** Hands the sizes read at scrape time. */
    watch(watched: Partial<typeof sources>) {
      Object.assign(sources, watched);
    },
  };
  new Gauge({
    name: "netfleet_device_pending_rows",
    help: "Rows waiting for the next flush, by buffer",
    labelNames: ["buffer"] as const,
    registers: [registry],
    collect() {
      const sizes = sources.pending();
      if (!sizes) return;
      for (const [buffer, size] of Object.entries(sizes)) this.set({ buffer }, size);
    },
  });
  new Gauge({
    name: "netfleet_devices_connected",
    help: "Devices connected to the embedded broker",
    registers: [registry],
    collect() {
      const connected = sources.connected();
      if (connected !== null) this.set(connected);
    },
  });
  return metrics;
}

export type DeviceMetrics = ReturnType<typeof deviceMetrics>;
