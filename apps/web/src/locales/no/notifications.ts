import type { Translation } from "../define-messages";
import type { messages as en } from "../en/notifications";

export const messages: Translation<typeof en> = {
  notifications: "Varslinger",
  unseenCount: "{{count}} usett",
  none: "Ingen varslinger",
  loading: "Laster varslinger",
  loadFailed: "Kunne ikke hente varslinger",
  showAll: "Vis alle varslinger",
  getMoreResources: "Skaff flere ressurser",
  unseen: "Usett",
  seenAt: "Sett {{time}}",
  filter: "Vis",
  filterAll: "Alle",
  filterUnseen: "Usette",
  filterSeen: "Sette",
  markAllSeen: "Merk alle som sett",
  markAllFailed: "Kunne ikke merke varslingene som sett",
  emptyText: "Nytt om enhetene, ressursene og brukerne dine vises her.",
  noneUnseen: "Ingen usette varslinger",
  noneUnseenText: "Du har sett alt.",
  noneSeen: "Ingen sette varslinger",
  noneSeenText: "Varslinger regnes som sett når du lukker listen under bjellen.",
  "type.invitedUserRegistration": "Brukerregistrering",
  "type.creditCodeActivation": "Kodeaktivering",
  "type.creditAmountTooLow": "Lite kreditt",
  "type.deviceAlert": "Enhetsvarsel",
};
