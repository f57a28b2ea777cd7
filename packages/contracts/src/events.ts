import type { DevicesStatusUpdate } from "./schemas/device-activity";
import type { Notification } from "./schemas/notifications";

/**
 * The realtime protocol (shell §7, decision D5): socket.io over websockets only. The client
 * asks for a channel with `subscribe`, leaves it with `unsubscribe`; the server answers a
 * refused channel with `subscription_error`. Events then arrive on the socket with the
 * channel they belong to.
 */
export const REALTIME_PATH = "/socket.io";

export interface SubscriptionRequest {
  channel: string;
  data?: Record<string, unknown>;
}

export interface SubscriptionError {
  channel: string;
  /** 403: the caller may not listen on this channel; the client closes it. */
  code: number;
  message: string;
}

/** What a pushed event carries: the channel it was sent on and its payload. */
export interface ChannelMessage<T> {
  channel: string;
  data: T;
}

/**
 * Live status of a company's devices: `private-devices.{companyId}` carries the changes of
 * the company's devices and of every subsidiary's. A user may listen on the channel of a
 * company in their own company tree when they may view devices.
 */
export const deviceStatusChannel = (companyId: number) => `private-devices.${companyId}`;

/**
 * Live status of every company's devices, for users whose role sees every company (super
 * administrator, support) and who may view devices; nobody else may listen.
 */
export const ALL_DEVICES_STATUS_CHANNEL = "private-devices.all";

/**
 * The event pushed on `deviceStatusChannel` and `ALL_DEVICES_STATUS_CHANNEL`, at most twice
 * a second per channel.
 */
export const DEVICES_STATUS_EVENT = "DevicesStatusUpdated";

/** The realtime channel and event a user's new notifications arrive on (shell §4). */
export const notificationChannel = (userId: number) => `private-notifications.${userId}`;
export const NOTIFICATION_CREATED_EVENT = "WebNotificationCreated";

/**
 * Progress of a long-running action, pushed as `ACTION_STATUS_EVENT` on the channel its
 * response named (`meta.channel`).
 */
export const ACTION_STATUS_EVENT = "ActionStatusUpdated";

/**
 * The channel an action reports on: `private-status.{userId}.{key}`, with a random key per
 * action (RMS API v3's `meta.channel`). Only the user who started the action may join it.
 */
export const STATUS_CHANNEL_KEY = /^([1-9][0-9]{0,9})\.[A-Za-z0-9_-]{16,64}$/;

export const statusChannel = (userId: number, key: string) => `private-status.${userId}.${key}`;

/** The payload of `ACTION_STATUS_EVENT`. */
export interface ActionStatusUpdate {
  /** `paused`: a rollout stopped itself (too many failures) or was paused; it may resume. */
  status: "pending" | "running" | "paused" | "done" | "failed";
  /** The action (its `scheduler_id`), for `GET /api/devices/actions/jobs/{id}`. */
  job_id?: number;
  /** Percent, 0–100. */
  progress?: number;
  /** The latest line the action reported. */
  message?: string;
  /** Items finished, failed and in total, for actions over a selection. */
  done?: number;
  failed?: number;
  total?: number;
  /** Devices whose step just changed (schemas/device-updates.ts `StepState`). */
  steps?: { device_id: number; state: string; message: string | null }[];
}

/** Event name → payload, for every event pushed on a channel. */
export interface ChannelEvents {
  WebNotificationCreated: Notification;
  ActionStatusUpdated: ActionStatusUpdate;
  /** `DEVICES_STATUS_EVENT` on `private-devices.{companyId}` (schemas/device-activity.ts). */
  DevicesStatusUpdated: DevicesStatusUpdate;
}

export interface ClientToServerEvents {
  subscribe: (request: SubscriptionRequest) => void;
  unsubscribe: (request: SubscriptionRequest) => void;
}

export type ServerToClientEvents = {
  subscription_error: (error: SubscriptionError) => void;
  subscription_succeeded: (reply: { channel: string }) => void;
} & { [E in keyof ChannelEvents]: (message: ChannelMessage<ChannelEvents[E]>) => void };
