import { defineMessages } from "../define-messages";

/** The header's notifications bell and the notifications page. */
export const messages = defineMessages({
  notifications: "Notifications",
  unseenCount: "{{count}} unseen",
  none: "No notifications",
  loading: "Loading notifications",
  loadFailed: "Failed to get notifications",
  showAll: "Show all notifications",
  getMoreResources: "Get more resources",
  unseen: "Unseen",
  seenAt: "Seen {{time}}",
  filter: "Show",
  filterAll: "All",
  filterUnseen: "Unseen",
  filterSeen: "Seen",
  markAllSeen: "Mark all as seen",
  markAllFailed: "Could not mark the notifications as seen",
  emptyText: "News about your devices, resources and users shows up here.",
  noneUnseen: "No unseen notifications",
  noneUnseenText: "You have seen everything.",
  noneSeen: "No seen notifications",
  noneSeenText: "Notifications count as seen once you close the bell's list.",
  "type.invitedUserRegistration": "User registration",
  "type.creditCodeActivation": "Code activation",
  "type.creditAmountTooLow": "Low credits",
  "type.deviceAlert": "Device alert",
});
