import type { Translation } from "../define-messages";
import type { messages as en } from "../en/onboarding";

export const messages: Translation<typeof en> = {
  termsTitle: "Databehandleravtale",
  termsIntro: "Før du begynner, les hvordan Netfleet behandler dataene til selskapet ditt.",
  termsDevices:
    "Netfleet lagrer selskapets enheter, brukere og innstillinger for å kunne administrere dem eksternt.",
  termsTelemetry:
    "Enhetsstatus, telemetri og logger lagres for å vise historikk, statistikk og varsler.",
  termsAccess:
    "Administratorene i selskapet ditt bestemmer hvem som kan se disse dataene; den som drifter installasjonen, holder dem trygge.",
  termsAccept: "Jeg godtar",
  termsFailed: "Godkjenningen din kunne ikke lagres: {{message}}",
  emailTitle: "Skriv inn e-postadressen din",
  emailDescription:
    "Kontoen din har ingen e-postadresse ennå. Vi sender en bekreftelseslenke til adressen du skriver inn.",
  emailLabel: "E-post",
  emailSubmit: "Lagre e-postadresse",
  emailSent: "Sjekk innboksen din: vi har sendt en bekreftelseslenke til {{email}}.",
  updateTitle: "En ny versjon er tilgjengelig",
  updateMessage: "Last inn på nytt for å bruke den nyeste versjonen av Netfleet.",
  updateNow: "Oppdater",
  updateLater: "Senere",
};
